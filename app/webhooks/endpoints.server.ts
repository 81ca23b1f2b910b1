import { and, desc, eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv, type Env } from "~/core/instance/env.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { checkDestination, PrivateAddress } from "./delivery.server";
import { DELIVER_WEBHOOK, queueDelivery, type DeliverPayload } from "./emit.server";
import { urlShapeProblem } from "./endpoint-url";
import { TEST_EVENT, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookInput } from "./events";
import { KEEP_DELIVERIES } from "./prune.server";
import { newSecret } from "./signing.server";

/** The admin's side of webhooks (decision record 0036): endpoints added and removed, their log, a test, a retry. */
const e = schema.webhookEndpoints;
const d = schema.webhookDeliveries;

export class WebhookRefused extends Error {}

/** Why `url` cannot be an endpoint (its shape, or where it resolves), or null. Checked at create and at each delivery. */
async function destinationProblem(url: string, env: Env = getEnv()): Promise<string | null> {
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
      {
        targetType: "webhook",
        targetId: row!.id,
        summary: `Added webhook to ${new URL(input.url).host}`,
        details: { events: input.events, includePersonalData: input.includePersonalData },
      },
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
    if (gone)
      await recordAudit(
        actor,
        "webhook.delete",
        { targetType: "webhook", targetId: id, summary: `Removed webhook to ${new URL(gone.url).host}` },
        tx,
      );
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
    const body = JSON.stringify({
      type: TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { message: "A test from Clink: this endpoint receives its webhooks." },
    });
    const deliveryId = await queueDelivery(tx, endpointId, TEST_EVENT, body, false, null);
    return { deliveryId: deliveryId! };
  });
}

export type RetryOutcome = "queued" | "not-found" | "body-gone";

/** Sends a delivery again, with its own `webhook-id` (the receiver may have it already: at least once). */
export async function retryDelivery(endpointId: number, deliveryId: number): Promise<RetryOutcome> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ body: d.body })
      .from(d)
      .where(and(eq(d.id, deliveryId), eq(d.endpointId, endpointId)));
    if (!row) return "not-found";
    if (row.body === null) return "body-gone";
    await tx.update(d).set({ status: "pending", attempts: 0, lastError: null, responseCode: null }).where(eq(d.id, deliveryId));
    await enqueueJob(tx, DELIVER_WEBHOOK, { deliveryId } satisfies DeliverPayload);
    return "queued";
  });
}
