import { createHmac, createPublicKey, timingSafeEqual, verify, X509Certificate, type KeyObject } from "node:crypto";
import fs from "node:fs/promises";
import type { Env } from "~/core/instance/env.server";
import { snsStringToSign, type MailProvider } from "./provider-events";

/**
 * Each provider's own proof that an event is theirs (issue 51). `true` only when the provider's secret is
 * configured and the request carries a signature that verifies; anything else is refused (401) and changes
 * nothing. `body` is the raw request body, as signed.
 */
export type SignedRequest = { headers: Headers; body: string; json: unknown };

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Postmark: HTTP basic auth set in the webhook's address, the token as both user and password. */
function postmark(env: Env, request: SignedRequest): boolean {
  const token = env.MAIL_EVENTS_POSTMARK_TOKEN;
  const given = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token || !given) return false;
  return same(Buffer.from(given, "base64").toString("utf8"), `${token}:${token}`);
}

/** Mailgun: hex HMAC-SHA256 of timestamp + token with the webhook signing key, in the body's `signature`. */
function mailgun(env: Env, request: SignedRequest): boolean {
  const key = env.MAIL_EVENTS_MAILGUN_SIGNING_KEY;
  const signature = (request.json as { signature?: { timestamp?: unknown; token?: unknown; signature?: unknown } } | null)?.signature;
  if (
    !key ||
    !signature ||
    typeof signature.timestamp !== "string" ||
    typeof signature.token !== "string" ||
    typeof signature.signature !== "string"
  )
    return false;
  return same(
    createHmac("sha256", key)
      .update(signature.timestamp + signature.token)
      .digest("hex"),
    signature.signature.toLowerCase(),
  );
}

/** SendGrid: ECDSA (P-256, SHA-256) over the timestamp header and the raw body, with the base64 public key SendGrid shows. */
function sendgrid(env: Env, request: SignedRequest): boolean {
  const publicKey = env.MAIL_EVENTS_SENDGRID_PUBLIC_KEY;
  const signature = request.headers.get("x-twilio-email-event-webhook-signature");
  const timestamp = request.headers.get("x-twilio-email-event-webhook-timestamp");
  if (!publicKey || !signature || !timestamp) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey.replace(/\s+/g, ""), "base64"), format: "der", type: "spki" });
    return verify("sha256", Buffer.from(timestamp + request.body), key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** Where SNS's own signing certificates live: https://sns.<region>.amazonaws.com/....pem (the pinned host). */
const SNS_CERT_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/[\w./-]+\.pem$/;
/** Certificates by address: public and unchanging, so each instance may keep those it fetched. */
const certificates = new Map<string, KeyObject>();

async function snsKey(env: Env, certUrl: string): Promise<KeyObject | null> {
  const source = env.MAIL_EVENTS_SES_CERT_FILE ?? certUrl;
  const kept = certificates.get(source);
  if (kept) return kept;
  let pem: string;
  if (env.MAIL_EVENTS_SES_CERT_FILE) pem = await fs.readFile(env.MAIL_EVENTS_SES_CERT_FILE, "utf8");
  else {
    if (!SNS_CERT_URL.test(certUrl)) return null;
    const res = await fetch(certUrl, { signal: AbortSignal.timeout(5000), redirect: "error" });
    if (!res.ok) return null;
    pem = await res.text();
  }
  const key = new X509Certificate(pem).publicKey;
  certificates.set(source, key);
  return key;
}

/** SES through SNS: the topic is the configured one, and the SNS signature verifies against SNS's certificate. */
async function ses(env: Env, request: SignedRequest): Promise<boolean> {
  const message = request.json as Record<string, unknown> | null;
  if (!env.MAIL_EVENTS_SES_TOPIC_ARN || !message || typeof message !== "object" || message.TopicArn !== env.MAIL_EVENTS_SES_TOPIC_ARN)
    return false;
  if (typeof message.Signature !== "string" || typeof message.SigningCertURL !== "string") return false;
  const algorithm = message.SignatureVersion === "2" ? "RSA-SHA256" : message.SignatureVersion === "1" ? "RSA-SHA1" : null;
  if (!algorithm) return false;
  try {
    const key = await snsKey(env, message.SigningCertURL);
    return key !== null && verify(algorithm, Buffer.from(snsStringToSign(message)), key, Buffer.from(message.Signature, "base64"));
  } catch {
    return false;
  }
}

export async function isSignedBy(provider: MailProvider, env: Env, request: SignedRequest): Promise<boolean> {
  switch (provider) {
    case "postmark":
      return postmark(env, request);
    case "mailgun":
      return mailgun(env, request);
    case "sendgrid":
      return sendgrid(env, request);
    case "ses":
      return ses(env, request);
  }
}
