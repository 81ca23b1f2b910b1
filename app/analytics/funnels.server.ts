import { desc, eq, sql, type SQL } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/audit.server";
import { getDb, rowsOf, schema } from "~/core/db.server";
import { flushAnalytics } from "./collect.server";
import { funnelFigures, reachedPattern, type Funnel, type FunnelFilters, type FunnelInput, type FunnelStep, type FunnelStepFigures } from "./funnels";

/**
 * Funnels (the service): their definitions in analytics_funnels (shared by every instance), their figures
 * computed in one SQL query over the range's visit steps (analytics_visit_steps), never in this process.
 */
const t = schema.analyticsFunnels;

export async function createFunnel(actor: AuditActor, input: FunnelInput): Promise<number> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(t).values({ name: input.name, steps: input.steps }).returning({ id: t.id });
    await recordAudit(actor, "analytics.funnel.create", { targetType: "funnel", targetId: row!.id, summary: `${input.name} (${input.steps.length} steps)` }, tx);
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
    if (gone) await recordAudit(actor, "analytics.funnel.delete", { targetType: "funnel", targetId: id, summary: `Removed the funnel ${gone.name}` }, tx);
    return Boolean(gone);
  });
}

export type FunnelReport = { id: number; name: string; from: string; to: string; filters: FunnelFilters; steps: FunnelStepFigures[] };

/** A page pattern as a condition on a step row: a page view of that path, or of any path under the prefix. */
function pageCondition(pattern: string): SQL {
  return pattern.endsWith("*") ? sql`(goal is null and starts_with(path, ${pattern.slice(0, -1)}))` : sql`(goal is null and path = ${pattern})`;
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
 * The visitors who reached each step, per day (a visitor id lives one day), added up over the range: one scan
 * of the range's rows that match a step or a filter (by the (day, visitor, at) index's day), grouped per
 * visitor's day into a string of their matching steps in time order, tested against each step's pattern.
 */
export async function funnelReached(steps: FunnelStep[], from: string, to: string, filters: FunnelFilters): Promise<number[]> {
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
  const [row] = await rowsOf<Record<string, number>>(
    getDb(),
    sql`select ${counts} from (
          select string_agg(chr(256 + mask), '' order by at) filter (where mask > 0) as seq ${sql.join(kept, sql``)}
          from (
            select day, visitor, at, ${mask} as mask ${sql.join(flags, sql``)}
            from analytics_visit_steps
            where day between ${from} and ${to} and (${sql.join([...conditions, ...filtersOn], sql` or `)})
          ) e
          group by day, visitor
        ) v
        where seq is not null ${sql.join(keep, sql``)}`,
  );
  return steps.map((_, i) => Number(row?.[`s${i}`] ?? 0));
}

/** A funnel's figures for a range and filters, or null when there is no such funnel. */
export async function funnelReport(id: number, from: string, to: string, filters: FunnelFilters): Promise<FunnelReport | null> {
  const [funnel] = await getDb().select().from(t).where(eq(t.id, id));
  if (!funnel) return null;
  await flushAnalytics();
  const steps = funnel.steps as FunnelStep[];
  const reached = await funnelReached(steps, from, to, filters);
  return { id, name: funnel.name, from, to, filters, steps: funnelFigures(steps, reached) };
}
