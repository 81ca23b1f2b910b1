import { createHmac } from "node:crypto";
import { newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * Signing as the Standard Webhooks specification says (https://www.standardwebhooks.com): the secret is
 * "whsec_" + base64 of random bytes; the signature is base64(HMAC-SHA256(key, "id.timestamp.body")) with
 * the key the secret's base64-decoded bytes, sent as "v1,<signature>" in `webhook-signature`.
 */
const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: 32 random bytes (the specification asks for 24 to 64). */
export function newSecret(): string {
  return SECRET_PREFIX + newSecretToken(32, "base64");
}

/** A new message id (`webhook-id`): the same on every attempt of one delivery. */
export function newMessageId(): string {
  return `msg_${newSecretToken(16)}`;
}

/** The `webhook-signature` header's value for one attempt. */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  const mac = createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The three headers of one attempt, signed now (or at `now`). */
export function signedHeaders(secret: string, messageId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature(secret, messageId, timestamp, body),
  };
}
