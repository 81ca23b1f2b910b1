import { and, desc, eq, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import { pruneOutboxFiles } from "~/mail/transport.server";
import { EXPIRED_REQUEST_KEPT_DAYS } from "./deletion-request-state";
import { RETENTION_RULES, retentionCutoffs, type RetentionCounts } from "./retention";
import { utcDay } from "~/core/text/utc-days";

/**
 * Enforces docs/privacy.md: each rule deletes what has been kept long enough, and the run is recorded with
 * its counts for the dashboard. Run daily by the job runner (jobs.server.ts), or by an admin at once.
 */
export async function runRetention(now = new Date()): Promise<RetentionCounts> {
  const cut = retentionCutoffs(now, getEnv().RETENTION_SUBMISSIONS_MONTHS, EXPIRED_REQUEST_KEPT_DAYS);
  const db = getDb();
  const submissions = schema.contactSubmissions;
  const outbox = schema.mailOutbox;
  const requests = schema.dataDeletionRequests;
  const count = (rows: unknown[]) => rows.length;

  const counts: RetentionCounts = {
    resolvedSubmissions: count(
      await db
        .delete(submissions)
        .where(and(eq(submissions.isResolved, true), lt(submissions.resolvedAt, cut.resolvedSubmissions)))
        .returning({ id: submissions.id }),
    ),
    deliveredMail: count(
      await db
        .delete(outbox)
        .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, cut.deliveredMail)))
        .returning({ id: outbox.id }),
    ),
    deliveredMailFiles: await pruneOutboxFiles(getEnv(), cut.deliveredMail),
    crawlerVisits: count(
      await db
        .delete(schema.crawlerVisits)
        .where(lt(schema.crawlerVisits.visitedAt, cut.crawlerVisits))
        .returning({ id: schema.crawlerVisits.id }),
    ),
    webVitals: count(
      await db.delete(schema.webVitals).where(lt(schema.webVitals.recordedAt, cut.webVitals)).returning({ id: schema.webVitals.id }),
    ),
    analyticsCounts: count(
      await db
        .delete(schema.analyticsDaily)
        .where(lt(schema.analyticsDaily.day, cut.analyticsCounts))
        .returning({ day: schema.analyticsDaily.day }),
    ),
    // Each day's visit steps (funnels) go with the day's counts.
    analyticsVisitSteps: await eraseCounted(schema.analyticsVisitSteps, lt(schema.analyticsVisitSteps.day, cut.analyticsCounts)),
    // Yesterday's salt and the hashes made with it: gone, so no visitor can be followed from one day to the next.
    analyticsSalts:
      count(
        await db
          .delete(schema.analyticsSalts)
          .where(lt(schema.analyticsSalts.day, cut.today))
          .returning({ day: schema.analyticsSalts.day }),
      ) + (await eraseCounted(schema.analyticsVisitorDays, lt(schema.analyticsVisitorDays.day, cut.today))),
    expiredSessions: count(
      await db
        .delete(schema.adminSessions)
        .where(lt(schema.adminSessions.expiresAt, cut.expiredNow))
        .returning({ id: schema.adminSessions.idHash }),
    ),
    expiredRateLimits: count(
      await db.delete(schema.rateLimits).where(lt(schema.rateLimits.expire, cut.expiredNow)).returning({ key: schema.rateLimits.key }),
    ),
    // A link never used: the request expires when its link does, and is erased some days later.
    expiredDeletionRequests: count(
      await db
        .update(requests)
        .set({ status: "expired", expiredAt: requests.tokenExpiresAt })
        .where(and(eq(requests.status, "requested"), lt(requests.tokenExpiresAt, cut.expiredNow)))
        .returning({ id: requests.id }),
    ),
    erasedDeletionRequests: count(
      await db
        .delete(requests)
        .where(and(eq(requests.status, "expired"), lt(requests.expiredAt, cut.erasedDeletionRequests)))
        .returning({ id: requests.id }),
    ),
    unconfirmedSubscribers: count(
      await db
        .delete(schema.subscribers)
        .where(and(eq(schema.subscribers.state, "pending"), lt(schema.subscribers.consentAt, cut.unconfirmedSubscribers)))
        .returning({ id: schema.subscribers.id }),
    ),
    broadcastDeliveries: await eraseBroadcastDeliveries(cut.broadcastDeliveries),
    errorEvents: count(
      await db.delete(schema.errorEvents).where(lt(schema.errorEvents.occurredAt, cut.errors)).returning({ id: schema.errorEvents.id }),
    ),
    errorIssues: count(
      await db.delete(schema.errorIssues).where(lt(schema.errorIssues.lastSeen, cut.errors)).returning({ id: schema.errorIssues.id }),
    ),
  };
  // The daily rollups (counts only, derived) go with the rows they sum: the AI crawler fetches rolled up from
  // crawler visits with those visits (the day cut part-way included, so the raw rows answer for it).
  await db
    .delete(schema.analyticsRollups)
    .where(
      or(
        lt(schema.analyticsRollups.day, cut.analyticsCounts),
        and(eq(schema.analyticsRollups.dimension, "ai-crawl"), lte(schema.analyticsRollups.day, utcDay(cut.crawlerVisits))),
      ),
    );
  // A funnel's figures and "What it brought" of a day (counts only) go with the steps they count.
  await db.delete(schema.analyticsFunnelDays).where(lt(schema.analyticsFunnelDays.day, cut.analyticsCounts));
  await db.delete(schema.analyticsBroughtDays).where(lt(schema.analyticsBroughtDays.day, cut.analyticsCounts));
  const total = RETENTION_RULES.reduce((sum, rule) => sum + counts[rule], 0);
  await db.insert(schema.retentionRuns).values({ startedAt: now, erased: counts, total });
  // A year of daily runs is history enough.
  await db.delete(schema.retentionRuns).where(lt(schema.retentionRuns.finishedAt, sql`now() - interval '400 days'`));
  logger.info({ erased: counts }, "retention run finished");
  return counts;
}

/**
 * Who was sent a broadcast finished before `before`: the report's numbers are kept on the broadcast
 * (from the view over its rows), then the rows go, in one transaction.
 */
async function eraseBroadcastDeliveries(before: Date): Promise<number> {
  const b = schema.broadcasts;
  const counts = schema.broadcastCounts;
  return getDb().transaction(async (tx) => {
    const old = and(eq(b.state, "sent"), lt(b.finishedAt, before), isNull(b.keptReport));
    await tx.execute(sql`
      update ${b} set kept_report = jsonb_build_object('recipients', c.recipients, 'sent', c.sent, 'failed', c.failed, 'skipped', c.skipped, 'left', c."left", 'bounced', c.bounced, 'complained', c.complained, 'refused', c.refused)
      from ${counts} c where c.broadcast_id = ${b.id} and ${old}`);
    // One with no rows left (every recipient erased meanwhile) keeps zeros.
    await tx
      .update(b)
      .set({ keptReport: { recipients: 0, sent: 0, failed: 0, skipped: 0, left: 0, bounced: 0, complained: 0, refused: 0 } })
      .where(old);
    const erased = await tx
      .delete(schema.broadcastDeliveries)
      .where(sql`${schema.broadcastDeliveries.broadcastId} in (select id from ${b} where ${b.keptReport} is not null)`)
      .returning({ id: schema.broadcastDeliveries.broadcastId });
    return erased.length;
  });
}

/** Deletes rows and says how many, without sending them all back (a day's visitor hashes are many). */
async function eraseCounted(table: typeof schema.analyticsVisitorDays | typeof schema.analyticsVisitSteps, where: SQL): Promise<number> {
  const db = getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  await db.delete(table).where(where);
  return Number(row?.n ?? 0);
}

export type RetentionRunSummary = {
  finishedAt: string;
  erased: RetentionCounts;
  total: number;
} | null;

/** The last run, for the admin dashboard. */
export async function lastRetentionRun(): Promise<RetentionRunSummary> {
  const [row] = await getDb().select().from(schema.retentionRuns).orderBy(desc(schema.retentionRuns.finishedAt)).limit(1);
  if (!row) return null;
  return {
    finishedAt: row.finishedAt.toISOString(),
    erased: row.erased as RetentionCounts,
    total: row.total,
  };
}
