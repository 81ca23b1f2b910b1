import { eq, lt } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { firstStored } from "~/core/database/generated-secret.server";
import { newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * The day's salt (store): made by the first instance that needs it and shared through the database
 * (analytics_salts), remembered here for its day only. It lives as long as its day: the first instance to
 * make a new day's salt erases the salts of the days before (the nightly retention run erases them too, with
 * the visitor hashes made with them: app/privacy/retention.server.ts). No backup holds a salt or a hash
 * (app/ops/backup/catalog.server.ts): with a salt, that day's hashes could be recomputed from an address and
 * a user agent.
 */
let known: { day: string; salt: string } | undefined;

export async function saltOf(day: string): Promise<string> {
  if (known?.day === day) return known.salt;
  known = undefined;
  const db = getDb();
  const t = schema.analyticsSalts;
  const salt = await firstStored(
    () =>
      db
        .insert(t)
        .values({ day, salt: newSecretToken(32, "hex") })
        .onConflictDoNothing(),
    async () => (await db.select({ salt: t.salt }).from(t).where(eq(t.day, day)))[0]?.salt,
  );
  // A new day: the salts of the days before go now (one small row each), not at the nightly retention run.
  await db.delete(t).where(lt(t.day, day));
  known = { day, salt };
  return salt;
}
