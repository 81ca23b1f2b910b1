import { createHash, randomBytes } from "node:crypto";

/**
 * The site's one-time link tokens (staff links, list confirmations, deletion requests): 32 random bytes in
 * base64url, only their SHA-256 stored, so the database never holds a usable link.
 */
export const ONE_TIME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function newOneTimeToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether `token` has the shape of one of ours (anything else is unknown without a database look-up). */
export const isOneTimeToken = (token: string) => ONE_TIME_TOKEN_PATTERN.test(token);
