import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { UNPURGED_EDGE_SECONDS } from "~/core/caches/cache-tags";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import type { JobContext } from "~/core/jobs/jobs.server";
import { logger } from "~/core/logs/logger.server";
import { queueMail } from "~/mail/outbox.server";
import { renderMail } from "~/mail/message";
import { siteConfig } from "~/site/config";
import { ALERT_AFTER_ATTEMPTS, PURGE_MAX_ATTEMPTS } from "./batches";
import type { CdnStatus, PurgeRow } from "./status";
import { purgeEverywhere, purgeTargets } from "./targets.server";

/**
 * The purge job (decision record 0081): takes every purge queued so far (queueCachePurge, one job per second
 * of changes), sends their tags, each once, to every target, and marks them purged. A failed attempt is kept
 * on the rows and retried by the job runner with back-off (1 s, doubling); at the third failure the owners are
 * e-mailed once; after the last the rows are failed (and the job dead, which the Errors section shows too).
 * A sweep each minute takes rows a job of their second missed (queued after it ran, or with a skewed clock).
 */
const KEPT_DAYS = 30;
const VERSIONS_SETTLE_MS = 400;
const c = schema.cdnPurges;

async function takeQueued(jobId: number): Promise<Array<{ id: number; tags: string[] }>> {
  return getDb().transaction(async (tx) => {
    await tx.update(c).set({ status: "sending", jobId }).where(eq(c.status, "queued"));
    return tx
      .select({ id: c.id, tags: c.tags })
      .from(c)
      .where(and(eq(c.jobId, jobId), inArray(c.status, ["sending", "failed"])));
  });
}

export async function runCachePurge(_payload: unknown, ctx: JobContext): Promise<void> {
  const rows = await takeQueued(ctx.jobId);
  if (rows.length === 0) return;
  const tags = [...new Set(rows.flatMap((row) => row.tags))];
  // Other instances sharing the database see a write within 250 ms (their content versions' check): purged
  // sooner, the edge could fetch the old page again from one of them and keep it for its whole lifetime.
  await sleep(VERSIONS_SETTLE_MS, undefined, { signal: ctx.signal });
  const db = getDb();
  try {
    await purgeEverywhere(tags, getEnv(), ctx.signal);
  } catch (error) {
    const message = (error as Error).message.slice(0, 1000);
    const last = ctx.attempt >= PURGE_MAX_ATTEMPTS;
    await db.transaction(async (tx) => {
      await tx
        .update(c)
        .set({ attempts: ctx.attempt, lastError: message, ...(last ? { status: "failed" } : {}) })
        .where(eq(c.jobId, ctx.jobId));
      if (ctx.attempt === ALERT_AFTER_ATTEMPTS) await alertOwners(tx, tags.length, message);
    });
    throw error;
  }
  await db.update(c).set({ status: "purged", attempts: ctx.attempt, purgedAt: new Date() }).where(eq(c.jobId, ctx.jobId));
  logger.info({ tags: tags.length, changes: rows.length }, "cache purged");
}

async function alertOwners(tx: DbExecutor, tagCount: number, message: string): Promise<void> {
  const owners = await tx
    .select({ email: schema.adminUsers.email })
    .from(schema.adminUsers)
    .where(and(eq(schema.adminUsers.role, "owner"), eq(schema.adminUsers.status, "active")));
  const content = renderMail(`${siteConfig.name} web site: changed pages could not be purged from the CDN`, [
    { kind: "paragraph", text: `A purge of ${tagCount} cache tag(s) failed ${ALERT_AFTER_ATTEMPTS} times: ${message}` },
    {
      kind: "paragraph",
      text: "Until it succeeds, visitors may see the old version of the changed pages. It is retried with back-off; check the purge settings (CDN_PURGE and the target's token).",
    },
    { kind: "paragraph", text: `The admin's System section shows the last purges: ${getEnv().SITE_URL}/admin/system.` },
  ]);
  for (const owner of owners) if (owner.email) await queueMail(tx, { purpose: "cdn-alert", to: owner.email, content });
  logger.warn({ owners: owners.length }, "owners alerted of failing cache purges");
}

/** Purges older than 30 days go (the sweep's other work). */
export async function sweep(payload: unknown, ctx: JobContext): Promise<void> {
  await getDb()
    .delete(c)
    .where(and(lt(c.queuedAt, new Date(Date.now() - KEPT_DAYS * 86_400_000)), inArray(c.status, ["purged", "failed"])));
  await runCachePurge(payload, ctx);
}

/** The System section's card: where purges go, the last ones and the last failures. */
export async function cdnStatus(limit = 8): Promise<CdnStatus> {
  const env = getEnv();
  const db = getDb();
  const shape = (row: typeof c.$inferSelect): PurgeRow => ({
    id: row.id,
    reason: row.reason,
    tags: row.tags.slice(0, 12),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    queuedAt: row.queuedAt.toISOString(),
    purgedAt: row.purgedAt?.toISOString() ?? null,
  });
  const recent = await db.select().from(c).orderBy(desc(c.id)).limit(limit);
  const failures = await db
    .select()
    .from(c)
    .where(and(inArray(c.status, ["failed", "sending"]), isNotNull(c.lastError)))
    .orderBy(desc(c.id))
    .limit(limit);
  return {
    targets: purgeTargets(env),
    edgeMaxAge: env.CDN_PURGE.length > 0 ? env.EDGE_MAX_AGE : UNPURGED_EDGE_SECONDS,
    recent: recent.map(shape),
    failures: failures.map(shape),
  };
}
