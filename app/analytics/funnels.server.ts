import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { getDb, rowsOf, schema } from "~/core/database/db.server";
import { addDays, daysOf } from "~/core/text/utc-days";
import { broughtReport } from "./brought.server";
import { flushAnalytics } from "./collect.server";
import { lastClosedDay } from "./rollups.server";
import {
  funnelFigures,
  reachedPattern,
  type Funnel,
  type FunnelFilters,
  type FunnelInput,
  type FunnelReport,
  type FunnelStep,
} from "./funnels";

/**
 * Funnels (the service): their definitions in analytics_funnels (shared by every instance), their figures
 * computed in SQL over the visit steps (analytics_visit_steps), never in this process's memory, and kept per
 * finished day (analytics_funnel_days; docs/decisions/0065-funnels-and-visit-steps.md).
 */
const t = schema.analyticsFunnels;

/** Saves a funnel (its first read computes and keeps its days that are over; the funnels job keeps the new ones). */
export async function createFunnel(actor: AuditActor, input: FunnelInput): Promise<number> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(t).values({ name: input.name, steps: input.steps }).returning({ id: t.id });
    await recordAudit(
      actor,
      "analytics.funnel.create",
      { targetType: "funnel", targetId: row!.id, summary: `${input.name} (${input.steps.length} steps)` },
      tx,
    );
    return row!.id;
  });
}

export async function listFunnels(): Promise<Funnel[]> {
  const rows = await getDb().select().from(t).orderBy(desc(t.createdAt), desc(t.id));
  return rows.map((row) => ({ id: row.id, name: row.name, steps: row.steps as FunnelStep[], createdAt: row.createdAt.toISOString() }));
}

export async function deleteFunnel(actor: AuditActor, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [gone] = await tx.delete(t).where(eq(t.id, id)).returning({ name: t.name });
    if (gone)
      await recordAudit(
        actor,
        "analytics.funnel.delete",
        { targetType: "funnel", targetId: id, summary: `Removed the funnel ${gone.name}` },
        tx,
      );
    return Boolean(gone);
  });
}

/** A page pattern as a condition on a step row: a page view of that path, or of any path under the prefix. */
function pageCondition(pattern: string): SQL {
  return pattern.endsWith("*")
    ? sql`(goal is null and starts_with(path, ${pattern.slice(0, -1)}))`
    : sql`(goal is null and path = ${pattern})`;
}

const stepCondition = (step: FunnelStep): SQL => ("goal" in step ? sql`(goal = ${step.goal})` : pageCondition(step.page));

function filterConditions(filters: FunnelFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.source) conditions.push(sql`(lower(source) = lower(${filters.source}))`);
  if (filters.campaign) conditions.push(sql`(campaign = ${filters.campaign})`);
  if (filters.page) conditions.push(pageCondition(filters.page));
  if (filters.device) conditions.push(sql`(screen = ${filters.device})`);
  return conditions;
}

/**
 * The visitors who reached each step on each of `days` (a visitor id lives one day): one scan of those days'
 * rows (by the (day, visitor, at) index's day), grouped per visitor's day into a string of one character per
 * row in time order, chr(256 + the steps it matches), tested against each step's pattern. A row matching no
 * step is chr(256), which no pattern's class holds: testing each row's steps once there is cheaper than
 * choosing the rows first (a third of the time on PGlite). A day without a visitor who did step 1 is absent.
 */
async function reachedOnDays(steps: FunnelStep[], days: string[], filters: FunnelFilters): Promise<Map<string, number[]>> {
  const conditions = steps.map(stepCondition);
  const filtersOn = filterConditions(filters);
  const mask = sql.join(
    conditions.map((c, i) => sql`(case when ${c} then ${sql.raw(String(1 << i))} else 0 end)`),
    sql` + `,
  );
  const flags = filtersOn.map((c, i) => sql`, ${c} as ${sql.raw(`f${i}`)}`);
  const kept = filtersOn.map((_, i) => sql`, bool_or(${sql.raw(`f${i}`)}) as ${sql.raw(`k${i}`)}`);
  const keep = filtersOn.map((_, i) => sql` and ${sql.raw(`k${i}`)}`);
  const counts = sql.join(
    steps.map((_, i) => sql`count(*) filter (where seq ~ ${reachedPattern(steps.length, i + 1)})::int as ${sql.raw(`s${i}`)}`),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, number> & { day: string }>(
    getDb(),
    sql`select to_char(day, 'YYYY-MM-DD') as day, ${counts} from (
          select day, string_agg(chr(256 + mask), '' order by at) as seq ${sql.join(kept, sql``)}
          from (
            select day, visitor, at, ${mask} as mask ${sql.join(flags, sql``)}
            from analytics_visit_steps
            where day = any(${`{${days.join(",")}}`}::date[])
          ) e
          group by day, visitor
        ) v
        where seq ~ ${reachedPattern(steps.length, 1)} ${sql.join(keep, sql``)}
        group by day`,
  );
  return new Map(rows.map((row) => [row.day, steps.map((_, i) => Number(row[`s${i}`] ?? 0))]));
}

/** The cache key of a set of filters: '' for none, else their JSON (in a fixed order). */
const filtersKey = (filters: FunnelFilters): string => {
  const given = Object.entries(filters).filter(([, value]) => value !== undefined);
  return given.length === 0 ? "" : JSON.stringify(Object.fromEntries(given.sort(([a], [b]) => a.localeCompare(b))));
};

/** Days a statement computes at most: a day is ~50 ms on PGlite, whose one thread also answers the pages. */
const DAYS_PER_QUERY = 7;

/**
 * A funnel's visitors per step over a range, added up over its days. A day that is over (lastClosedDay) is
 * read from analytics_funnel_days when it was computed before, else computed (a few days per statement) and
 * kept; today is always computed.
 */
async function funnelReached(
  funnel: { id: number; steps: FunnelStep[] },
  from: string,
  to: string,
  filters: FunnelFilters,
  now = new Date(),
): Promise<{ reached: number[]; keptDays: number }> {
  const key = filtersKey(filters);
  const closed = lastClosedDay(now);
  const d = schema.analyticsFunnelDays;
  const kept = await getDb()
    .select({ day: d.day, reached: d.reached })
    .from(d)
    .where(and(eq(d.funnelId, funnel.id), eq(d.filters, key), gte(d.day, from), lte(d.day, to)));
  const total = funnel.steps.map(() => 0);
  const add = (reached: number[]) => reached.forEach((n, i) => (total[i] = (total[i] ?? 0) + n));
  for (const row of kept) add(row.reached);
  const known = new Set(kept.map((row) => row.day));
  const missing = daysOf(from, to).filter((day) => !known.has(day));
  for (let i = 0; i < missing.length; i += DAYS_PER_QUERY) {
    const days = missing.slice(i, i + DAYS_PER_QUERY);
    const reached = await reachedOnDays(funnel.steps, days, filters);
    for (const figures of reached.values()) add(figures);
    const over = days
      .filter((day) => day <= closed)
      .map((day) => ({ funnelId: funnel.id, filters: key, day, reached: reached.get(day) ?? funnel.steps.map(() => 0) }));
    if (over.length > 0) await getDb().insert(d).values(over).onConflictDoNothing();
  }
  return { reached: total, keptDays: kept.length };
}

/**
 * The job that keeps each funnel's figures, and "What it brought", of the last KEPT_AHEAD_DAYS days that are over
 * ready (hourly: a day is added within the hour after it ends), so a read adds up kept days and computes today.
 */
export const FUNNELS_JOB = "analytics.funnels";
const KEPT_AHEAD_DAYS = 90;

export async function fillFunnelDays(now = new Date()): Promise<void> {
  const to = lastClosedDay(now);
  const from = addDays(to, 1 - KEPT_AHEAD_DAYS);
  for (const funnel of await listFunnels()) await funnelReached(funnel, from, to, {}, now);
  await broughtReport(from, to, now);
}

/** A funnel's figures for a range and filters, or null when there is no such funnel. */
export async function funnelReport(id: number, from: string, to: string, filters: FunnelFilters): Promise<FunnelReport | null> {
  const [funnel] = await getDb().select().from(t).where(eq(t.id, id));
  if (!funnel) return null;
  await flushAnalytics();
  const steps = funnel.steps as FunnelStep[];
  const { reached, keptDays } = await funnelReached({ id, steps }, from, to, filters);
  return { id, name: funnel.name, from, to, filters, steps: funnelFigures(steps, reached), keptDays };
}
