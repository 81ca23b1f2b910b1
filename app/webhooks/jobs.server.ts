import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import type { Env } from "~/core/instance/env.server";
import { defineJobLane, defineJobType, defineSchedule, type JobContext } from "~/core/jobs/jobs.server";
import { logger } from "~/core/logs/logger.server";
import { postWebhook } from "./delivery.server";
import { DELIVER_WEBHOOK, type DeliverPayload } from "./emit.server";
import { pruneEndpointLog, pruneWebhookBodies } from "./prune.server";
import { signedHeaders } from "./signing.server";

/**
 * Webhooks on the one job runner (decision records 0036, 0047): one `webhook.deliver` job per delivery,
 * retried with back-off (WEBHOOKS_RETRY_BASE_MS, doubling, 8 attempts) in a lane of its own, and the daily prune.
 */
const e = schema.webhookEndpoints;
const d = schema.webhookDeliveries;

const PRUNE_WEBHOOKS = "webhook.prune";
const WEBHOOK_MAX_ATTEMPTS = 8;
/**
 * Deliveries in flight at once per instance, in a lane of their own (decision record 0047): a receiver that
 * never answers holds one of these for DELIVERY_TIMEOUT_MS, never a slot of mail or schedules.
 */
const WEBHOOK_LANE = "webhooks";
const WEBHOOK_CONCURRENCY = 8;

/** One attempt of one delivery (the job's handler); throws to be retried. */
async function deliver({ deliveryId }: DeliverPayload, ctx: JobContext, env: Env): Promise<void> {
  const db = getDb();
  const [row] = await db
    .select({
      id: d.id,
      endpointId: d.endpointId,
      messageId: d.messageId,
      body: d.body,
      status: d.status,
      personal: d.personal,
      url: e.url,
      secret: e.secret,
    })
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
    logger.warn(
      { webhookDelivery: deliveryId, endpoint: row.endpointId, attempt: ctx.attempt, responseCode: code },
      "webhook delivery failed",
    );
    throw new Error(`webhook delivery ${deliveryId}: ${problem}`);
  }
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
