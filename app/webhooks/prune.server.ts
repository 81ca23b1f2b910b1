import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";

/** What webhooks keep (decision record 0036, docs/privacy.md): the last deliveries per endpoint, personal bodies a week at most. */
const d = schema.webhookDeliveries;

/** Deliveries kept per endpoint (the log the admin sees). */
export const KEEP_DELIVERIES = 100;
/** A body holding personal data is dropped once delivered, and this long after the event whatever happened. */
const PERSONAL_BODY_DAYS = 7;

export async function pruneEndpointLog(endpointId: number): Promise<void> {
  const db = getDb();
  const kept = db.select({ id: d.id }).from(d).where(eq(d.endpointId, endpointId)).orderBy(desc(d.id)).limit(KEEP_DELIVERIES);
  await db.delete(d).where(and(eq(d.endpointId, endpointId), notInArray(d.id, kept)));
}

/** Daily: bodies with personal data older than PERSONAL_BODY_DAYS are dropped, delivered or not. */
export async function pruneWebhookBodies(): Promise<void> {
  await getDb()
    .update(d)
    .set({ body: null })
    .where(and(eq(d.personal, true), lt(d.createdAt, sql`now() - make_interval(days => ${PERSONAL_BODY_DAYS})`)));
}
