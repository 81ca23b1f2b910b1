import { createHash, type BinaryToTextEncoding } from "node:crypto";

/**
 * The one place a value is hashed in one go (lint keeps it so: eslint.config.js), so a second hasher of
 * secrets cannot creep in beside hashSecret (app/core/secrets/secret-token.server.ts): what is hashed here is not a
 * secret (ETags, content versions, fingerprints, derived keys). A stream is hashed where it is read.
 */
export function digestOf(data: string | Buffer, encoding: BinaryToTextEncoding, algorithm?: "sha256" | "sha1"): string;
export function digestOf(data: string | Buffer, encoding: "buffer", algorithm?: "sha256" | "sha1"): Buffer;
export function digestOf(
  data: string | Buffer,
  encoding: BinaryToTextEncoding | "buffer",
  algorithm: "sha256" | "sha1" = "sha256",
): string | Buffer {
  const hash = createHash(algorithm).update(data);
  return encoding === "buffer" ? hash.digest() : hash.digest(encoding);
}
