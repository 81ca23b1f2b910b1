import { sql, type SQL } from "drizzle-orm";
import { insertRows, rowsTable } from "~/core/limits/batched-rows.server";
import { getDb, rowsOf, schema, type DbExecutor } from "~/core/database/db.server";
import { stepVisitor, VISITORS_PER_ADDRESS } from "./counting.server";
import { figuresOf, type Hit } from "./figures";

/**
 * Writes a batch of hits into the day's aggregates (store), in one transaction:
 * 1. each address's visitors are bounded: the address's hash of the day is kept with each visitor it adds
 *    (as a row of analytics_visitor_days: visitor `a:<address>`, key `<visitor>`), and a visitor past
 *    VISITORS_PER_ADDRESS - 1 becomes the address's own one (its hash);
 * 2. each hit's visitor is remembered for each figure it counts in (on conflict do nothing), and only the
 *    rows that were new add a visitor, so the same visitor on several instances, or twice in a day, counts once;
 * 3. the day's counts go up;
 * 4. each hit is kept as a step of its visitor's day (analytics_visit_steps: funnels, "What it brought"), the
 *    page views first, then the goals with their visitor's landing page (the day's first page view before it).
 * Two instances writing one address's new visitors at the same moment may each keep theirs: the bound is then
 * that many times larger for that moment, never unbounded.
 */
export async function writeHits(batch: Hit[]): Promise<void> {
  await getDb().transaction(async (tx) => {
    const past = await boundedVisitors(tx, batch);
    const hits = batch.map((hit) => (past.has(`${hit.day}\t${hit.visitor}`) ? { ...hit, visitor: hit.address } : hit));
    const views = new Map<string, number>();
    const seenKeys = new Map<string, { day: string; visitor: string; key: string }>();
    for (const hit of hits) {
      for (const figure of figuresOf(hit)) {
        const key = `${figure.dimension}\t${figure.key}`;
        const at = `${hit.day}\t${key}`;
        views.set(at, (views.get(at) ?? 0) + hit.views);
        seenKeys.set(`${hit.day}\t${hit.visitor}\t${key}`, { day: hit.day, visitor: hit.visitor, key });
      }
    }
    const fresh = await rowsOf<{ day: string; key: string }>(
      tx,
      insertRows(
        schema.analyticsVisitorDays,
        [...seenKeys.values()],
        sql`on conflict do nothing returning to_char(day, 'YYYY-MM-DD') as day, key`,
      ),
    );
    const visitors = new Map<string, number>();
    for (const row of fresh) visitors.set(`${row.day}\t${row.key}`, (visitors.get(`${row.day}\t${row.key}`) ?? 0) + 1);
    const daily = [...views].map(([at, count]) => {
      const [day, dimension, ...key] = at.split("\t") as [string, string, ...string[]];
      return { day, dimension, key: key.join("\t"), views: count, visitors: visitors.get(at) ?? 0 };
    });
    await tx.execute(
      insertRows(
        schema.analyticsDaily,
        daily,
        sql`on conflict (day, dimension, key) do update
            set views = analytics_daily.views + excluded.views, visitors = analytics_daily.visitors + excluded.visitors`,
      ),
    );
    const steps = hits.map(visitStep);
    await tx.execute(
      insertRows(
        schema.analyticsVisitSteps,
        steps.filter((step) => !step.goal),
      ),
    );
    await tx.execute(goalSteps(steps.filter((step) => step.goal)));
  });
}

/**
 * The batch's visitors (`day\tvisitor`) past their address's bound. An address's visitors already kept stay
 * kept; new ones are kept in order until the address has VISITORS_PER_ADDRESS - 1, the rest are past it.
 */
async function boundedVisitors(tx: DbExecutor, batch: Hit[]): Promise<Set<string>> {
  const pairs = new Map(
    batch.map((hit) => [`${hit.day}\t${hit.visitor}`, { day: hit.day, address: `a:${hit.address}`, visitor: hit.visitor }]),
  );
  const past = await rowsOf<{ day: string; visitor: string }>(
    tx,
    sql`with r as (select * from ${rowsTable([...pairs.values()], { day: "date", address: "text", visitor: "text" })}),
        fresh as (
          select r.* from r
          where not exists (select 1 from analytics_visitor_days v where v.day = r.day and v.visitor = r.address and v.key = r.visitor)),
        ranked as (
          select f.*, row_number() over (partition by f.day, f.address order by f.visitor)
            + (select count(*) from analytics_visitor_days v where v.day = f.day and v.visitor = f.address) as n
          from fresh f),
        kept as (
          insert into analytics_visitor_days (day, visitor, key)
          select day, address, visitor from ranked where n < ${VISITORS_PER_ADDRESS}
          on conflict do nothing)
        select to_char(day, 'YYYY-MM-DD') as day, visitor from ranked where n >= ${VISITORS_PER_ADDRESS}`,
  );
  return new Set(past.map((row) => `${row.day}\t${row.visitor}`));
}

/** Goals' steps, each with its visitor's first page view of the day before it (none: the goal was their first step). */
function goalSteps(goals: Array<typeof schema.analyticsVisitSteps.$inferInsert>): SQL {
  if (goals.length === 0) return sql`select 0 where false`;
  const r = rowsTable(goals, {
    day: "date",
    visitor: "bigint",
    at: "bigint",
    path: "text",
    goal: "text",
    source: "text",
    campaign: "text",
    screen: "text",
    city: "text",
    views: "integer",
  });
  return sql`insert into analytics_visit_steps (day, visitor, at, path, goal, source, campaign, screen, city, views, landing, landing_source, landing_campaign)
             select r.day, r.visitor, r.at, r.path, r.goal, r.source, r.campaign, r.screen, r.city, r.views, l.path, l.source, l.campaign
             from ${r}
             left join lateral (
               select f.path, f.source, f.campaign from analytics_visit_steps f
               where f.day = r.day and f.visitor = r.visitor and f.goal is null and f.at < r.at
               order by f.at limit 1
             ) l on true`;
}

/** A hit as a step of its visitor's day: the visitor as its day's number, the source only where it was said. */
function visitStep(hit: Hit): typeof schema.analyticsVisitSteps.$inferInsert {
  const source = hit.source && (hit.sourceSaid || !hit.goal) ? hit.source.name : null;
  const campaign = hit.campaign ? (hit.campaign.split("\t")[2] ?? null) : null;
  return {
    day: hit.day,
    visitor: stepVisitor(hit.visitor),
    at: hit.at,
    path: hit.path,
    goal: hit.goal ?? null,
    source,
    campaign,
    screen: hit.screen ?? null,
    city: hit.city ?? null,
    views: hit.views,
  };
}
