import { sql } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { sharedVersion } from "~/core/caches/shared-version.server";
import { spotsLeft } from "./lists";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { SPOTS_TAG } from "~/core/caches/cache-tags";

const t = schema.waitlistSpots;

/**
 * The waitlist's spots: WAITLIST_SPOTS, less those given. One counter row in the database, so every instance
 * shows the same number; a confirmation takes a spot with a conditional update (takeSpot), which the
 * database runs one at a time on that row: parallel confirmations never give more spots than there are.
 */
async function readTaken(db: DbExecutor = getDb()): Promise<number> {
  const [row] = await db
    .select({ taken: t.taken })
    .from(t)
    .where(sql`${t.id} = 1`);
  return row?.taken ?? 0;
}

/** Inside the confirmation's transaction: true when a spot was taken, false when none is left. */
export async function takeSpot(tx: DbExecutor): Promise<boolean> {
  const total = getEnv().WAITLIST_SPOTS;
  // The counter's row is made by the first confirmation (a migration's row would make a fresh database
  // look not empty to a restore).
  await tx.insert(t).values({ id: 1, taken: 0 }).onConflictDoNothing();
  const taken = await tx
    .update(t)
    .set({ taken: sql`${t.taken} + 1` })
    .where(sql`${t.id} = 1 and ${t.taken} < ${total}`)
    .returning({ taken: t.taken });
  // The promo's count on shared pages (home, /early-access) is purged with the confirmation.
  if (taken.length === 1) await queueCachePurge(tx, [SPOTS_TAG], "an early-access spot taken");
  return taken.length === 1;
}

/** The promo's number, read at most once a second per instance (and at once after this instance's confirmation). */
const version = sharedVersion(async () => String(await readTaken()), 1000);

export async function waitlistSpots(): Promise<{ total: number; left: number }> {
  const total = getEnv().WAITLIST_SPOTS;
  return { total, left: spotsLeft(total, Number(await version.current())) };
}

/** For the front cache's key of the pages showing the promo (app/content-versions.server.ts). */
export const spotsVersion = () => version.current().then((taken) => `${getEnv().WAITLIST_SPOTS}-${taken}`);
export const spotsVersionNow = () => {
  const taken = version.fresh();
  return taken === undefined ? undefined : `${getEnv().WAITLIST_SPOTS}-${taken}`;
};
export const spotsChanged = () => version.changed();
