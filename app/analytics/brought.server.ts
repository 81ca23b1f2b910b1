import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/core/db.server";
import { BROUGHT_GOALS, broughtRow, type BroughtGoal, type BroughtReport } from "./brought";
import { flushAnalytics } from "./collect.server";

/**
 * "What it brought" (the service): the range's store-button presses and /get answers, each with its visitor's
 * landing page (their day's first page view before it, kept on the goal's row when it was written; none: the
 * goal's own page, as a scanned /get), the source and campaign the visitor came with (else the goal's own),
 * and the city the goal said; grouped, most first. Reads the goals' rows only (their partial index).
 */
export async function broughtReport(from: string, to: string): Promise<BroughtReport> {
  await flushAnalytics();
  const goals = sql.join(
    BROUGHT_GOALS.map((g) => sql`${g}`),
    sql`, `,
  );
  const rows = await rowsOf<{ goal: BroughtGoal; source: string; campaign: string; landing: string; city: string; count: number; visitors: number }>(
    getDb(),
    // Per visitor's day first, then per row: two hash aggregates, much quicker than count(distinct (day, visitor)).
    sql`select goal, source, campaign, landing, city, sum(n)::int as count, count(*)::int as visitors
        from (
          select goal, case when landing is null then coalesce(source, '') else coalesce(landing_source, '') end as source,
                 case when landing is null then coalesce(campaign, '') else coalesce(landing_campaign, '') end as campaign,
                 coalesce(landing, path) as landing, coalesce(city, '') as city, day, visitor, sum(views) as n
          from analytics_visit_steps
          where day between ${from} and ${to} and goal is not null and goal in (${goals})
          group by 1, 2, 3, 4, 5, 6, 7
        ) per_visitor
        group by 1, 2, 3, 4, 5
        order by count desc, visitors desc, 1, 2, 3, 4, 5`,
  );
  return { from, to, rows: rows.map(({ goal, ...row }) => broughtRow(goal, { ...row, count: Number(row.count), visitors: Number(row.visitors) })) };
}
