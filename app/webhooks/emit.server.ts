import { sql } from "drizzle-orm";
import { schema, type DbExecutor } from "~/core/database/db.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import type { WebhookEventType } from "./events";
import { newMessageId } from "./signing.server";

/**
 * Signed webhooks (decision record 0036): emitting. An event is stored, in the transaction of the change that
 * causes it, as one delivery per endpoint that subscribed to it, each with a `webhook.deliver` job of the
 * one job runner: at least once, retried with back-off (WEBHOOKS_RETRY_BASE_MS, doubling, 8 attempts),
 * the same `webhook-id` every time, signed afresh at each attempt as Standard Webhooks says.
 */
const e = schema.webhookEndpoints;
const d = schema.webhookDeliveries;

export const DELIVER_WEBHOOK = "webhook.deliver";
export type DeliverPayload = { deliveryId: number };

export type EmitOptions = {
  /**
   * Set when `data` holds personal data (a name, an e-mail address, a message): what endpoints not marked
   * for personal data get instead. Without it, every endpoint gets `data`.
   */
  withoutPersonalData?: unknown;
  /** The event's own key: an event emitted again with the same key is not sent again (a post going live). */
  eventKey?: string;
};

/**
 * Queues `type` with `data` to every endpoint subscribed to it, in `db` (the transaction of the change,
 * so the change and its deliveries are stored together or not at all). For the early-access list:
 * `emitWebhookEvent(tx, "subscriber.confirmed", { subscriber: { id, email, confirmedAt } },
 *   { withoutPersonalData: { subscriber: { id, confirmedAt } } })`.
 */
export async function emitWebhookEvent(db: DbExecutor, type: WebhookEventType, data: unknown, options: EmitOptions = {}): Promise<void> {
  const endpoints = await db
    .select({ id: e.id, includePersonalData: e.includePersonalData })
    .from(e)
    .where(sql`${e.events} @> ${JSON.stringify([type])}::jsonb`);
  const timestamp = new Date().toISOString();
  for (const endpoint of endpoints) {
    const personal = options.withoutPersonalData !== undefined && endpoint.includePersonalData;
    const sent = options.withoutPersonalData !== undefined && !endpoint.includePersonalData ? options.withoutPersonalData : data;
    await queueDelivery(db, endpoint.id, type, JSON.stringify({ type, timestamp, data: sent }), personal, options.eventKey ?? null);
  }
}

export async function queueDelivery(
  db: DbExecutor,
  endpointId: number,
  type: string,
  body: string,
  personal: boolean,
  eventKey: string | null,
): Promise<number | null> {
  const [row] = await db
    .insert(d)
    .values({ endpointId, messageId: newMessageId(), eventType: type, eventKey, body, personal })
    .onConflictDoNothing()
    .returning({ id: d.id });
  if (!row) return null;
  await enqueueJob(db, DELIVER_WEBHOOK, { deliveryId: row.id } satisfies DeliverPayload, { idempotencyKey: `webhook:${row.id}` });
  return row.id;
}
