import { createPrivateKey, createPublicKey } from "node:crypto";
import fs from "node:fs";
import type { Env } from "~/core/instance/env.server";

/**
 * DKIM (issue 51): the key every message is signed with by nodemailer's own DKIM option, and the TXT record
 * that publishes its public half at <selector>._domainkey.<domain>. Read once per process from DKIM_PRIVATE_KEY
 * (PEM text; "\n" written as two characters is read as a line break) or DKIM_PRIVATE_KEY_FILE.
 */
export type DkimSettings = { domainName: string; keySelector: string; privateKey: string };

let read: { from: string; settings: DkimSettings } | undefined;

export function dkimSettings(env: Env): DkimSettings | null {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR) return null;
  const from = `${env.DKIM_DOMAIN} ${env.DKIM_SELECTOR} ${env.DKIM_PRIVATE_KEY_FILE ?? "env"}`;
  if (read?.from === from) return read.settings;
  const pem = env.DKIM_PRIVATE_KEY_FILE
    ? fs.readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8")
    : (env.DKIM_PRIVATE_KEY ?? "").replace(/\\n/g, "\n");
  // A key that cannot be read stops here, named, rather than at the first message.
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "rsa") throw new Error(`DKIM key: an RSA private key is needed (this one is ${key.asymmetricKeyType})`);
  read = { from, settings: { domainName: env.DKIM_DOMAIN.toLowerCase(), keySelector: env.DKIM_SELECTOR, privateKey: pem } };
  return read.settings;
}

/** The public key as a DKIM record's p= (base64 of the DER SubjectPublicKeyInfo). */
export function dkimPublicKey(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: "spki", format: "der" }).toString("base64");
}

/** The record to publish for the configured key: its name and its TXT value. */
export function dkimRecord(settings: DkimSettings): { name: string; value: string } {
  return {
    name: `${settings.keySelector}._domainkey.${settings.domainName}`,
    value: `v=DKIM1; k=rsa; p=${dkimPublicKey(settings.privateKey)}`,
  };
}
