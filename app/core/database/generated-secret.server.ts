import { eq } from "drizzle-orm";
import { getDb, schema } from "./db.server";
import { newSecretToken } from "../secrets/secret-token.server";

/**
 * A value made once and shared by every instance through the database: each instance offers its own
 * (`insert`, on conflict do nothing), the first one stored wins, and every instance reads that one (`read`).
 */
export async function firstStored<T>(insert: () => Promise<unknown>, read: () => Promise<T | undefined>): Promise<T> {
  await insert();
  const value = await read();
  if (value === undefined) throw new Error("a value stored once was not found after its insert");
  return value;
}

/**
 * A secret the site makes once and keeps in the database (privacy_settings), so every instance sharing
 * it uses the same one: 32 random bytes, base64.
 */
const known = new Map<string, string>();

export async function generatedSecret(name: string): Promise<string> {
  const cached = known.get(name);
  if (cached) return cached;
  const db = getDb();
  const value = await firstStored(
    () =>
      db
        .insert(schema.privacySettings)
        .values({ key: name, value: newSecretToken(32, "base64") })
        .onConflictDoNothing(),
    async () => (await db.select().from(schema.privacySettings).where(eq(schema.privacySettings.key, name)))[0]?.value,
  );
  known.set(name, value);
  return value;
}
