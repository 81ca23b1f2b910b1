import { createHmac } from "node:crypto";
import { generatedSecret } from "~/core/database/generated-secret.server";

/**
 * A keyed hash of an e-mail address: what is left of it once a deletion request is completed, and the key of
 * the verification-mail limit. Keyed (HMAC), with a key generated once per site and kept in the database,
 * so a hash cannot be reversed by hashing a list of likely addresses without the database itself.
 */
const KEY_SETTING = "email_hash_key";
let key: Buffer | undefined;

async function hashKey(): Promise<Buffer> {
  key ??= Buffer.from(await generatedSecret(KEY_SETTING), "base64");
  return key;
}

export async function emailHash(email: string): Promise<string> {
  return createHmac("sha256", await hashKey())
    .update(email.trim().toLowerCase())
    .digest("base64url");
}
