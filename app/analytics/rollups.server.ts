import { and, between, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { logger } from "~/core/logs/logger.server";
import { KNOWN_CRAWLERS } from "~/discoverability/crawlers";
import type { Tuple } from "./blocks";
import { addDays, DAY_MS, daysBefore, utcDay } from "~/core/text/utc-days";
import { ANALYTICS_KEPT_MONTHS, CRAWLER_VISITS_KEPT_DAYS } from "~/privacy/retention";
import { buildBlocks } from "./rollup-blocks.server";

/**
 * Daily rollups (analytics_rollups): a day that is over never changes, so the job runner sums each past day
 * once into one row per dimension, and days into aligned blocks of 2ⁿ days, so a 90-day report reads at most
 * 12 blocks per dimension (docs/decisions/0043-analytics-rollup-blocks.md) instead of every page's row of every day. Today (and any day not rolled up yet) is read from the raw rows; the answer is the same
 * either way (tests/integration/analytics-rollups.test.ts).
 */
export const ROLLUP_JOB = "analytics.rollup";
/** A day is rolled up this long after it ends: longer than any batched write holds a count (2 s). */
const ROLLUP_GRACE_MS = 15 * 60_000;
/** The rollup row that says a day's analytics_daily rows are summed (written even for an empty day). */
export const SITE_MARKER = "site";
/** Verified AI crawler fetches per path, from crawler_visits (kept CRAWLER_VISITS_KEPT_DAYS, so rolled up apart). */
export const AI_CRAWL = "ai-crawl";

export const AI_CRAWLERS = KNOWN_CRAWLERS.filter((c) => c.kind === "ai").map((c) => c.name);

/** Contiguous runs of days, as SQL ranges (usually one or two: today, and days not rolled up yet). */
function runsOf(days: readonly string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of [...days].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

export function dailyIn(days: readonly string[]): SQL | undefined {
  const d = schema.analyticsDaily;
  const runs = runsOf(days);
  return runs.length === 0 ? undefined : or(...runs.map(([a, b]) => between(d.day, a, b)));
}
export function crawlsIn(days: readonly string[]): SQL | undefined {
  const c = schema.crawlerVisits;
  const runs = runsOf(days);
  return runs.length === 0
    ? undefined
    : or(
        ...runs.map(([a, b]) => and(gte(c.visitedAt, new Date(`${a}T00:00:00Z`)), lt(c.visitedAt, new Date(`${addDays(b, 1)}T00:00:00Z`)))),
      );
}

/** The first day that may be rolled up no earlier than this: days before it are over (with the grace). */
export function lastClosedDay(now: Date): string {
  return utcDay(now.getTime() - ROLLUP_GRACE_MS - DAY_MS);
}

/**
 * Rolls up every day up to `lastClosedDay` that has raw rows (or crawler visits) and no rollup yet; each day
 * in one transaction, so a rollup is whole or absent. Returns the days rolled up.
 */
export async function rollUpPastDays(now = new Date()): Promise<string[]> {
  const db = getDb();
  const last = lastClosedDay(now);
  const d = schema.analyticsDaily;
  const r = schema.analyticsRollups;
  const c = schema.crawlerVisits;
  const doneOf = async (dimension: string) =>
    (
      await db
        .select({ day: r.day })
        .from(r)
        .where(and(eq(r.dimension, dimension), eq(r.span, 1)))
    ).map((x) => x.day);
  const [doneDaily, doneCrawls] = await Promise.all([doneOf(SITE_MARKER), doneOf(AI_CRAWL)]);
  const dailyDays = (
    await db
      .selectDistinct({ day: d.day })
      .from(d)
      .where(
        and(
          sql`${d.day} <= ${last}`,
          sql`${d.day} >= ${addDays(last, -OLDEST_ROLLED_DAYS)}`,
          doneDaily.length ? notInArray(d.day, doneDaily) : undefined,
        ),
      )
  ).map((x) => x.day);
  const crawlDays = (
    await db
      .selectDistinct({
        day: sql<string>`to_char(${c.visitedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(c)
      .where(
        and(
          lt(c.visitedAt, new Date(`${addDays(last, 1)}T00:00:00Z`)),
          gte(c.visitedAt, new Date(`${oldestWholeCrawlDay(now)}T00:00:00Z`)),
        ),
      )
  )
    .map((x) => x.day)
    .filter((day) => !doneCrawls.includes(day));
  const days = [...new Set([...dailyDays, ...crawlDays])].sort();
  for (const day of days) {
    await db.transaction(async (tx) => {
      const values: Array<{ day: string; dimension: string; figures: string }> = [];
      if (dailyDays.includes(day)) {
        const rows = await tx
          .select({
            dimension: d.dimension,
            key: d.key,
            views: d.views,
            visitors: d.visitors,
          })
          .from(d)
          .where(eq(d.day, day));
        const byDimension = new Map<string, Tuple[]>([[SITE_MARKER, []]]);
        for (const row of rows) {
          const list = byDimension.get(row.dimension) ?? [];
          list.push([row.key, row.views, row.visitors]);
          byDimension.set(row.dimension, list);
        }
        for (const [dimension, tuples] of byDimension) values.push({ day, dimension, figures: JSON.stringify(tuples) });
      }
      if (crawlDays.includes(day) && day >= oldestWholeCrawlDay(now)) {
        const crawls = await (async () => {
          const where = crawlsIn([day]);
          if (!where || AI_CRAWLERS.length === 0) return [];
          return tx
            .select({ path: c.path, hits: sql<number>`sum(${c.hits})::int` })
            .from(c)
            .where(and(eq(c.verified, true), inArray(c.crawler, AI_CRAWLERS), where))
            .groupBy(c.path);
        })();
        values.push({
          day,
          dimension: AI_CRAWL,
          figures: JSON.stringify(crawls.map((x): Tuple => [x.path, Number(x.hits), 0])),
        });
      }
      if (values.length) await tx.insert(r).values(values).onConflictDoNothing();
    });
  }
  const blocks = (await buildBlocks(SITE_MARKER)) + (await buildBlocks(AI_CRAWL));
  if (days.length || blocks) logger.info({ days: days.length, blocks }, "analytics days rolled up");
  return days;
}

/**
 * Crawler visits are kept CRAWLER_VISITS_KEPT_DAYS from the moment (not the day), so the oldest day is cut part-way by the
 * retention job: it is never rolled up, and the raw rows answer for it (the same figure either way).
 */
function oldestWholeCrawlDay(now: Date): string {
  return addDays(utcDay(daysBefore(now, CRAWLER_VISITS_KEPT_DAYS)), 2);
}
/** Days older than the counts kept are not rolled up: the retention job erases them (25 months: at least 730 days). */
const OLDEST_ROLLED_DAYS = ANALYTICS_KEPT_MONTHS * 30;
