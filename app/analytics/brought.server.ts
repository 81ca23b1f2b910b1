import { and, gte, lte, sql } from "drizzle-orm";
import { getDb, rowsOf, schema } from "~/core/database/db.server";
import { daysOf } from "~/core/text/utc-days";
import { BROUGHT_GOALS, broughtRow, type BroughtGoal, type BroughtReport } from "./brought";
import { flushAnalytics } from "./collect.server";
import { lastClosedDay } from "./rollups.server";

/** A day's row: goal, source, campaign, landing page, city, count, visitors (the day's distinct visitors). */
type DayRow = [BroughtGoal, string, string, string, string, number, number];

/**
 * "What it brought" of some days, per day: each store-button press and /get answer with its visitor's landing
 * page (their day's first page view before it, kept on the goal's row when it was written; none: the goal's own
 * page, as a scanned /get), the source and campaign the visitor came with (else the goal's own), and the city
 * the goal said. Reads the goals' rows only (their partial index); per visitor's day first, then per row: two
 * hash aggregates, much quicker than count(distinct (day, visitor)).
 */
async function broughtOnDays(days: string[]): Promise<Map<string, DayRow[]>> {
  const goals = sql.join(
    BROUGHT_GOALS.map((g) => sql`${g}`),
    sql`, `,
  );
  const rows = await rowsOf<{
    day: string;
    goal: BroughtGoal;
    source: string;
    campaign: string;
    landing: string;
    city: string;
    count: number;
    visitors: number;
  }>(
    getDb(),
    sql`select to_char(day, 'YYYY-MM-DD') as day, goal, source, campaign, landing, city, sum(n)::int as count, count(*)::int as visitors
        from (
          select goal, case when landing is null then coalesce(source, '') else coalesce(landing_source, '') end as source,
                 case when landing is null then coalesce(campaign, '') else coalesce(landing_campaign, '') end as campaign,
                 coalesce(landing, path) as landing, coalesce(city, '') as city, day, visitor, sum(views) as n
          from analytics_visit_steps
          where day = any(${`{${days.join(",")}}`}::date[]) and goal is not null and goal in (${goals})
          group by 1, 2, 3, 4, 5, 6, 7
        ) per_visitor
        group by day, goal, source, campaign, landing, city`,
  );
  const byDay = new Map<string, DayRow[]>(days.map((day) => [day, []]));
  for (const r of rows) byDay.get(r.day)?.push([r.goal, r.source, r.campaign, r.landing, r.city, Number(r.count), Number(r.visitors)]);
  return byDay;
}

const DAYS_PER_QUERY = 31;

/**
 * The range's rows, most first. A day that is over is read from analytics_brought_days when it was summed
 * before, else summed now and kept (it never changes); today is always summed. Visitors add up over the days
 * (a visitor is known for one day).
 */
export async function broughtReport(from: string, to: string, now = new Date()): Promise<BroughtReport> {
  await flushAnalytics();
  const d = schema.analyticsBroughtDays;
  const kept = await getDb()
    .select({ day: d.day, rows: d.rows })
    .from(d)
    .where(and(gte(d.day, from), lte(d.day, to)));
  const all = kept.flatMap((row) => row.rows as DayRow[]);
  const known = new Set(kept.map((row) => row.day));
  const missing = daysOf(from, to).filter((day) => !known.has(day));
  const closed = lastClosedDay(now);
  for (let i = 0; i < missing.length; i += DAYS_PER_QUERY) {
    const byDay = await broughtOnDays(missing.slice(i, i + DAYS_PER_QUERY));
    for (const rows of byDay.values()) all.push(...rows);
    const over = [...byDay].filter(([day]) => day <= closed).map(([day, rows]) => ({ day, rows }));
    if (over.length > 0) await getDb().insert(d).values(over).onConflictDoNothing();
  }
  const sums = new Map<string, DayRow>();
  for (const row of all) {
    const key = row.slice(0, 5).join("\u0000");
    const sum = sums.get(key);
    if (sum) {
      sum[5] += row[5];
      sum[6] += row[6];
    } else sums.set(key, [...row]);
  }
  const ordered = [...sums.values()].sort(
    (a, b) => b[5] - a[5] || b[6] - a[6] || a.slice(0, 5).join("\u0000").localeCompare(b.slice(0, 5).join("\u0000")),
  );
  return {
    from,
    to,
    rows: ordered.map(([goal, source, campaign, landing, city, count, visitors]) =>
      broughtRow(goal, { source, campaign, landing, city, count, visitors }),
    ),
  };
}
