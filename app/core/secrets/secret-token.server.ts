import { randomBytes } from "node:crypto";
import { digestOf } from "./digest.server";

/**
 * The site's one maker of secret ids and its one hasher of them (lint keeps it so: eslint.config.js). Session
 * ids, pending sign-ins, one-time links (staff links, list confirmations, deletion requests) and the like are
 * random bytes as text; the database keeps only their SHA-256, so it never holds a usable one.
 */
const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type TokenText = "base64url" | "base64" | "hex";

/** `bytes` random bytes as text: 32 in base64url (43 characters) unless a format elsewhere asks otherwise. */
export function newSecretToken(bytes = 32, encoding: TokenText = "base64url"): string {
  return randomBytes(bytes).toString(encoding);
}

/** What is stored of a secret: its SHA-256 (base64url unless stored hashes already use hex). */
export function hashSecret(secret: string, encoding: Exclude<TokenText, "base64"> = "base64url"): string {
  return digestOf(secret, encoding);
}

/** Whether `token` has the shape of a default newSecretToken() (anything else is unknown without a look-up). */
export const isSecretToken = (token: string) => SECRET_TOKEN_PATTERN.test(token);
