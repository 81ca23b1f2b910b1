import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/core/db.server";
import { BROUGHT_GOALS, broughtRow, type BroughtGoal, type BroughtReport } from "./brought";
import { flushAnalytics } from "./collect.server";

/**
 * "What it brought" (the service): each store-button press and /get answer of the range with its visitor's
 * landing page (their day's first page view; none: the goal's own page, as a scanned /get), the source and
 * campaign the visitor came with (else the goal's own), and the city the goal said; grouped, most first.
 */
export async function broughtReport(from: string, to: string): Promise<BroughtReport> {
  await flushAnalytics();
  const goals = sql.join(
    BROUGHT_GOALS.map((g) => sql`${g}`),
    sql`, `,
  );
  const rows = await rowsOf<{ goal: BroughtGoal; source: string; campaign: string; landing: string; city: string; count: number; visitors: number }>(
    getDb(),
    sql`select g.goal, coalesce(l.source, g.source, '') as source, coalesce(l.campaign, g.campaign, '') as campaign,
               coalesce(l.path, g.path) as landing, coalesce(g.city, '') as city,
               sum(g.views)::int as count, count(distinct (g.day, g.visitor))::int as visitors
        from analytics_visit_steps g
        left join lateral (
          select f.path, f.source, f.campaign from analytics_visit_steps f
          where f.day = g.day and f.visitor = g.visitor and f.goal is null
          order by f.at limit 1
        ) l on true
        where g.day between ${from} and ${to} and g.goal is not null and g.goal in (${goals})
        group by 1, 2, 3, 4, 5
        order by count desc, visitors desc, 1, 2, 3, 4, 5`,
  );
  return { from, to, rows: rows.map(({ goal, ...row }) => broughtRow(goal, { ...row, count: Number(row.count), visitors: Number(row.visitors) })) };
}
