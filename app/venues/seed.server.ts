import { sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import type { Env } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { DEMO_VENUES } from "./demo-venues";
import { venueSlug } from "./venues.server";

/**
 * The demo venues for a new site (the map page promises "Demo venues shown below"). Runs only while
 * there are no venues and SEED_DEMO is not false; unique slugs keep two instances starting together
 * from seeding twice. Hidden venues still count, so an admin's hiding is never undone by a restart.
 */
export async function seedDemoVenues(env: Env): Promise<void> {
  if (!env.SEED_DEMO) return;
  const db = getDb();
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.venues);
  if ((counted?.count ?? 0) > 0) return;
  const inserted = await db
    .insert(schema.venues)
    .values(DEMO_VENUES.map((v) => ({ ...v, slug: venueSlug(v.city, v.name) })))
    .onConflictDoNothing()
    .returning({ id: schema.venues.id });
  logger.info({ venues: inserted.length }, "seeded demo venues");
}
