import { gte, sql } from "drizzle-orm";
import { isPublicPage } from "~/blog/reading/public-pages.server";
import { ApiError } from "~/core/http/api.server";
import { clientKey } from "~/core/network/ip-addresses";
import { insertRows } from "~/core/limits/batched-rows.server";
import { BatchedWriter } from "~/core/limits/batched-writer.server";
import { getDb, schema } from "~/core/database/db.server";
import { consume } from "~/core/limits/rate-limit.server";
import type { FieldVitals, VitalSummary } from "./types";
import { overallRating, rateVital, VITAL_NAMES, VITAL_THRESHOLDS, type VitalName, type VitalsBeacon } from "./vitals";

/**
 * Field Core Web Vitals: beacons are buffered and written in batches (app/core/limits/batched-writer.server.ts);
 * under load (a long unwritten queue) only one beacon in SAMPLE_WHEN_BUSY is kept, so a traffic spike
 * costs a bounded amount of writing. The rating is the 75th percentile of the last RATING_DAYS days,
 * per page and overall.
 */
const RATING_DAYS = 28;
const BUSY_AT = 1000;
const SAMPLE_WHEN_BUSY = 10;

type Row = typeof schema.webVitals.$inferInsert;
const vitals = new BatchedWriter<Row>({
  name: "web vitals",
  write: async (rows) => void (await getDb().execute(insertRows(schema.webVitals, rows))),
  batchSize: 1000,
  flushMs: 2000,
  maxBuffered: 10_000,
});
let seen = 0;

/**
 * A beacon from a visitor: only for a page of the site (400 otherwise), and each client counts for at
 * most a few page views a day per page, so one client cannot move a percentile; the answer is the same
 * whether or not its beacon was kept (nothing to learn by probing).
 */
export async function acceptVitals(beacon: VitalsBeacon, clientIp: string): Promise<void> {
  if (!(await isPublicPage(beacon.page))) throw new ApiError(400, "page is not a page of this site");
  const weight = await consume("vitalsByClientPage", `${clientKey(clientIp)} ${beacon.page}`);
  if (!weight.limited) recordVitals(beacon);
}

/** Keeps a beacon's metrics for the next batch; says whether it was kept (false: sampled out). */
function recordVitals(beacon: VitalsBeacon): boolean {
  seen++;
  if (vitals.size >= BUSY_AT && seen % SAMPLE_WHEN_BUSY !== 0) return false;
  const now = new Date();
  return vitals.add(...beacon.metrics.map((metric) => ({ metric: metric.name, value: metric.value, page: beacon.page, recordedAt: now })));
}

/** Writes the buffered beacons now (before a report, so it counts the latest). */
const flushVitals = (): Promise<void> => vitals.flush();
/** At shutdown: writes what is buffered and takes no more. */
export const closeVitals = (): Promise<void> => vitals.close();

type P75Row = { page: string | null; metric: string; p75: number; samples: number };

export async function fieldVitals(): Promise<FieldVitals> {
  await flushVitals();
  const db = getDb();
  const since = sql`now() - make_interval(days => ${RATING_DAYS})`;
  const p75 = sql<number>`percentile_cont(0.75) within group (order by ${schema.webVitals.value})`;
  const [overallRows, pageRows, dailyRows] = await Promise.all([
    db
      .select({ metric: schema.webVitals.metric, p75, samples: sql<number>`count(*)::int` })
      .from(schema.webVitals)
      .where(gte(schema.webVitals.recordedAt, since))
      .groupBy(schema.webVitals.metric),
    db
      .select({ page: schema.webVitals.page, metric: schema.webVitals.metric, p75, samples: sql<number>`count(*)::int` })
      .from(schema.webVitals)
      .where(gte(schema.webVitals.recordedAt, since))
      .groupBy(schema.webVitals.page, schema.webVitals.metric),
    db
      .select({
        day: sql<string>`to_char(date_trunc('day', ${schema.webVitals.recordedAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        metric: schema.webVitals.metric,
        p75,
        samples: sql<number>`count(*)::int`,
      })
      .from(schema.webVitals)
      .where(gte(schema.webVitals.recordedAt, since))
      .groupBy(sql`1`, schema.webVitals.metric)
      .orderBy(sql`1`),
  ]);
  const summarise = (rows: readonly Omit<P75Row, "page">[]) => {
    const metrics: Partial<Record<VitalName, VitalSummary>> = {};
    for (const row of rows) {
      if (!isVital(row.metric)) continue;
      const value = round(row.metric, Number(row.p75));
      metrics[row.metric] = { p75: value, rating: rateVital(row.metric, value), samples: Number(row.samples) };
    }
    return metrics;
  };
  const metrics = summarise(overallRows);
  const byPage = new Map<string, Omit<P75Row, "page">[]>();
  for (const row of pageRows) byPage.set(row.page, [...(byPage.get(row.page) ?? []), row]);
  const pages = [...byPage.entries()]
    .map(([page, rows]) => {
      const m = summarise(rows);
      return { page, rating: overallRating(p75sOf(m)), metrics: m };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
  return {
    rating: overallRating(p75sOf(metrics)),
    metrics,
    pages,
    daily: dailyRows
      .filter((r) => isVital(r.metric))
      .map((r) => ({
        day: r.day,
        metric: r.metric as VitalName,
        p75: round(r.metric as VitalName, Number(r.p75)),
        samples: Number(r.samples),
      })),
    thresholds: VITAL_THRESHOLDS,
    days: RATING_DAYS,
  };
}

function p75sOf(metrics: Partial<Record<VitalName, VitalSummary>>): Partial<Record<VitalName, number>> {
  return Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v.p75]));
}

function isVital(name: string): name is VitalName {
  return (VITAL_NAMES as readonly string[]).includes(name);
}

function round(metric: VitalName, value: number): number {
  return metric === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
}
