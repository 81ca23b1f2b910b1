import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, schema } from "./db.server";

/**
 * A secret the site makes once and keeps in the database (privacy_settings), so every instance sharing
 * it uses the same one: 32 random bytes, base64. The first instance to ask stores it; the others read it.
 */
const known = new Map<string, string>();

export async function generatedSecret(name: string): Promise<string> {
  const cached = known.get(name);
  if (cached) return cached;
  const db = getDb();
  await db.insert(schema.privacySettings).values({ key: name, value: randomBytes(32).toString("base64") }).onConflictDoNothing();
  const [row] = await db.select().from(schema.privacySettings).where(eq(schema.privacySettings.key, name));
  known.set(name, row!.value);
  return row!.value;
}
