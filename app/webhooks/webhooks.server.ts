import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/audit.server";
import { getDb, schema, type DbExecutor } from "~/core/db.server";
import { getEnv, type Env } from "~/core/env.server";
import { defineJobLane, defineJobType, defineSchedule, enqueueJob, type JobContext } from "~/core/jobs.server";
import { logger } from "~/core/logger.server";
import { urlShapeProblem } from "./endpoint-url";
import { checkDestination, postWebhook, PrivateAddress } from "./delivery.server";
import { TEST_EVENT, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookEventType, type WebhookInput } from "./events";
import { newMessageId, newSecret, signedHeaders } from "./signing.server";

/**
 * Signed webhooks (decision record 0036). An event is stored, in the transaction of the change that
 * causes it, as one delivery per endpoint that subscribed to it, each with a `webhook.deliver` job of the
 * one job runner: at least once, retried with back-off (WEBHOOKS_RETRY_BASE_MS, doubling, 8 attempts),
 * the same `webhook-id` every time, signed afresh at each attempt as Standard Webhooks says.
 */
const e = schema.webhookEndpoints;
const d = schema.webhookDeliveries;

export const DELIVER_WEBHOOK = "webhook.deliver";
const PRUNE_WEBHOOKS = "webhook.prune";
export const WEBHOOK_MAX_ATTEMPTS = 8;
/**
 * Deliveries in flight at once per instance, in a lane of their own (decision record 0047): a receiver that
 * never answers holds one of these for DELIVERY_TIMEOUT_MS, never a slot of mail or schedules.
 */
export const WEBHOOK_LANE = "webhooks";
export const WEBHOOK_CONCURRENCY = 8;
/** Deliveries kept per endpoint (the log the admin sees). */
export const KEEP_DELIVERIES = 100;
/** A body holding personal data is dropped once delivered, and this long after the event whatever happened. */
export const PERSONAL_BODY_DAYS = 7;

type DeliverPayload = { deliveryId: number };

export class WebhookRefused extends Error {}

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

async function queueDelivery(db: DbExecutor, endpointId: number, type: string, body: string, personal: boolean, eventKey: string | null): Promise<number | null> {
  const [row] = await db
    .insert(d)
    .values({ endpointId, messageId: newMessageId(), eventType: type, eventKey, body, personal })
    .onConflictDoNothing()
    .returning({ id: d.id });
  if (!row) return null;
  await enqueueJob(db, DELIVER_WEBHOOK, { deliveryId: row.id } satisfies DeliverPayload, { idempotencyKey: `webhook:${row.id}` });
  return row.id;
}

/** Why `url` cannot be an endpoint (its shape, or where it resolves), or null. Checked at create and at each delivery. */
export async function destinationProblem(url: string, env: Env = getEnv()): Promise<string | null> {
  const shape = urlShapeProblem(url);
  if (shape) return shape;
  try {
    await checkDestination(new URL(url), { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE, dnsServers: env.WEBHOOKS_DNS_SERVERS });
    return null;
  } catch (error) {
    if (error instanceof PrivateAddress) return error.message;
    throw error;
  }
}

export async function createWebhook(actor: AuditActor, input: WebhookInput): Promise<{ id: number; secret: string }> {
  const problem = await destinationProblem(input.url);
  if (problem) throw new WebhookRefused(problem);
  const secret = newSecret();
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(e)
      .values({ url: input.url, events: input.events, includePersonalData: input.includePersonalData, secret, createdBy: actor.id })
      .returning({ id: e.id });
    await recordAudit(
      actor,
      "webhook.create",
      { targetType: "webhook", targetId: row!.id, summary: `Added webhook to ${new URL(input.url).host}`, details: { events: input.events, includePersonalData: input.includePersonalData } },
      tx,
    );
    return row!.id;
  });
  return { id, secret };
}

export async function listWebhooks(): Promise<WebhookEndpointRow[]> {
  const rows = await getDb()
    .select({ id: e.id, url: e.url, events: e.events, includePersonalData: e.includePersonalData, createdAt: e.createdAt })
    .from(e)
    .orderBy(desc(e.createdAt), desc(e.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Removes the endpoint and its log (queued deliveries are not sent); false when there was none. */
export async function deleteWebhook(actor: AuditActor, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [gone] = await tx.delete(e).where(eq(e.id, id)).returning({ url: e.url });
    if (gone) await recordAudit(actor, "webhook.delete", { targetType: "webhook", targetId: id, summary: `Removed webhook to ${new URL(gone.url).host}` }, tx);
    return Boolean(gone);
  });
}

/** The endpoint's last deliveries, newest first (no bodies), or null when there is no such endpoint. */
export async function listDeliveries(endpointId: number): Promise<WebhookDeliveryRow[] | null> {
  const db = getDb();
  const [endpoint] = await db.select({ id: e.id }).from(e).where(eq(e.id, endpointId));
  if (!endpoint) return null;
  const rows = await db
    .select({
      id: d.id,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      responseCode: d.responseCode,
      lastError: d.lastError,
      createdAt: d.createdAt,
      lastAttemptAt: d.lastAttemptAt,
    })
    .from(d)
    .where(eq(d.endpointId, endpointId))
    .orderBy(desc(d.id))
    .limit(KEEP_DELIVERIES);
  return rows.map((row) => ({
    ...row,
    status: row.status as WebhookDeliveryRow["status"],
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  }));
}

/** Queues a `webhook.test` message to the endpoint; null when there is no such endpoint. */
export async function sendTest(endpointId: number): Promise<{ deliveryId: number } | null> {
  return getDb().transaction(async (tx) => {
    const [endpoint] = await tx.select({ id: e.id }).from(e).where(eq(e.id, endpointId));
    if (!endpoint) return null;
    const body = JSON.stringify({ type: TEST_EVENT, timestamp: new Date().toISOString(), data: { message: "A test from Clink: this endpoint receives its webhooks." } });
    const deliveryId = await queueDelivery(tx, endpointId, TEST_EVENT, body, false, null);
    return { deliveryId: deliveryId! };
  });
}

export type RetryOutcome = "queued" | "not-found" | "body-gone";

/** Sends a delivery again, with its own `webhook-id` (the receiver may have it already: at least once). */
export async function retryDelivery(endpointId: number, deliveryId: number): Promise<RetryOutcome> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ body: d.body }).from(d).where(and(eq(d.id, deliveryId), eq(d.endpointId, endpointId)));
    if (!row) return "not-found";
    if (row.body === null) return "body-gone";
    await tx.update(d).set({ status: "pending", attempts: 0, lastError: null, responseCode: null }).where(eq(d.id, deliveryId));
    await enqueueJob(tx, DELIVER_WEBHOOK, { deliveryId } satisfies DeliverPayload);
    return "queued";
  });
}

/** One attempt of one delivery (the job's handler); throws to be retried. */
async function deliver({ deliveryId }: DeliverPayload, ctx: JobContext, env: Env): Promise<void> {
  const db = getDb();
  const [row] = await db
    .select({ id: d.id, endpointId: d.endpointId, messageId: d.messageId, body: d.body, status: d.status, personal: d.personal, url: e.url, secret: e.secret })
    .from(d)
    .innerJoin(e, eq(e.id, d.endpointId))
    .where(eq(d.id, deliveryId));
  // Gone with its endpoint or pruned, already delivered (a job run twice), or its body dropped: nothing to send.
  if (!row || row.status === "delivered" || row.body === null) return;
  let code: number | null = null;
  let problem: string | null = null;
  try {
    code = await postWebhook(row.url, row.body, signedHeaders(row.secret, row.messageId, row.body), {
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
      dnsServers: env.WEBHOOKS_DNS_SERVERS,
      signal: ctx.signal,
    });
    if (code < 200 || code > 299) problem = `answered ${code}`;
  } catch (error) {
    problem = (error as Error).message || "could not connect";
  }
  const last = ctx.attempt >= WEBHOOK_MAX_ATTEMPTS;
  const status = problem === null ? "delivered" : last ? "failed" : "retrying";
  await db
    .update(d)
    .set({
      status,
      attempts: ctx.attempt,
      responseCode: code,
      lastError: problem,
      lastAttemptAt: sql`now()`,
      // Personal data leaves the log once it has reached its endpoint.
      ...(status === "delivered" && row.personal ? { body: null } : {}),
    })
    .where(eq(d.id, deliveryId));
  await pruneEndpointLog(row.endpointId);
  if (problem !== null) {
    logger.warn({ webhookDelivery: deliveryId, endpoint: row.endpointId, attempt: ctx.attempt, responseCode: code }, "webhook delivery failed");
    throw new Error(`webhook delivery ${deliveryId}: ${problem}`);
  }
}

async function pruneEndpointLog(endpointId: number): Promise<void> {
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

export function registerWebhookJobs(env: Env): void {
  defineJobLane(WEBHOOK_LANE, WEBHOOK_CONCURRENCY);
  defineJobType<DeliverPayload>(DELIVER_WEBHOOK, (payload, ctx) => deliver(payload, ctx, env), {
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    backoffBaseMs: env.WEBHOOKS_RETRY_BASE_MS,
    timeoutMs: 15_000,
    lane: WEBHOOK_LANE,
  });
  defineJobType(PRUNE_WEBHOOKS, async () => pruneWebhookBodies());
  defineSchedule("webhook-prune", { dailyAt: "04:10" }, PRUNE_WEBHOOKS);
}
