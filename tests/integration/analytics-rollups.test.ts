import { describe, expect, it } from "vitest";
import type { Api } from "../support/api";
import { eventually } from "../support/eventually";
import { siteForSuite } from "../support/suite";

/**
 * Issue 32's daily rollups: the job runner sums each day that is over once (analytics_rollups), and the
 * Audience report read from them answers exactly what the raw daily rows and crawler log answer
 * (`?raw=1`), for the whole site and an author's own pages, over ranges that cross today.
 */
const env = { SEED_DEMO: "false" };
let admin: Api;

// 20 past days and today, with figures that differ per day, page and dimension, and AI crawler fetches
// (verified and not, AI and search) at several times of each day.
const seed = `
insert into analytics_daily (day, dimension, key, views, visitors)
select (current_date - n)::date, dim, key, views + n, visitors + n % 3 from generate_series(0, 20) n,
lateral (
  select 'site' dim, '' key, 1000 views, 400 visitors
  union all select 'page', '/blog/post-' || p, 10 * p, 6 * p from generate_series(1, 30) p where (p + n) % 4 <> 0
  union all select 'ai-page', '/blog/post-' || p, 5, p % 5 from generate_series(1, 30) p where (p * n) % 3 = 0
  union all select 'source', case when s % 3 = 0 then 'ai' else 'search' end || chr(9) || 'host' || s || '.example', 30 + s, 20 + s from generate_series(1, 12) s
  union all select 'campaign', 'news' || chr(9) || 'email' || chr(9) || 'c' || c, 5, c from generate_series(1, 4) c
  union all select 'goal', g, 4 + n % 5, 3 from unnest(array['app-store','contact','signup']) g
  union all select 'goal-page', 'contact' || chr(9) || '/blog/post-' || p, 2, 1 + p % 2 from generate_series(1, 10) p
  union all select 'goal-source', 'app-store' || chr(9) || 'ai' || chr(9) || 'host3.example', 1, 1
) rows;
insert into crawler_visits (crawler, verified, path, status, hits, visited_at)
select case when i % 5 = 0 then 'Googlebot' else 'GPTBot' end, i % 7 <> 0, '/blog/post-' || (i % 40 + 1), 200, 1 + i % 3,
       date_trunc('day', now()) - (i % 21) * interval '1 day' + (i % 24) * interval '1 hour' + interval '17 minutes'
from generate_series(1, 2000) i;
`;

// The rollup job ran at start, on no data: the restart after seeding runs it again on the seeded days.
siteForSuite({ env, seed }, (site) => (admin = site.admin));

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Report = Record<string, unknown> & { rolledUpDays: number; rollupBlocks: number; pageviews: number };
async function report(query: string): Promise<Report> {
  const res = await admin.get(`/api/admin/analytics?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}
const withoutRollupCount = ({ rolledUpDays: _, rollupBlocks: __, ...rest }: Report) => rest;

describe("the Audience report's daily rollups", () => {
  it("are made by the job runner for the days that are over, and answer exactly what the raw rows answer", async () => {
    const today = dayOf(Date.now());
    // A day is rolled up 15 minutes after it ends: yesterday too, unless the test runs just after midnight.
    const lastClosed = dayOf(Date.now() - 15 * 60_000 - DAY);
    const from = dayOf(Date.now() - 20 * DAY);
    const closedDays = Math.round((Date.parse(lastClosed) - Date.parse(from)) / DAY) + 1;
    const whole = `from=${from}&to=${today}`;
    // The days, then the blocks of several days built from them (docs/decisions/0043-analytics-rollup-blocks.md):
    // 20 days are then read from at most 8 blocks.
    await eventually(async () => {
      const r = await report(whole);
      return r.rolledUpDays === closedDays && r.rollupBlocks <= 8;
    }, 30_000);

    for (const range of [
      whole,
      `from=${dayOf(Date.now() - 9 * DAY)}&to=${today}`,
      `from=${from}&to=${dayOf(Date.now() - 5 * DAY)}`,
      `from=${today}&to=${today}`,
    ]) {
      const [rolled, raw] = [await report(range), await report(`${range}&raw=1`)];
      expect(raw.rolledUpDays).toBe(0);
      expect(rolled.pageviews).toBeGreaterThan(0);
      expect(withoutRollupCount(rolled), range).toEqual(withoutRollupCount(raw));
    }
    const all = await report(whole);
    expect((all.pages as Array<{ aiCrawls: number }>).some((p) => p.aiCrawls > 0)).toBe(true);
    expect(all.rolledUpDays).toBe(closedDays);
  }, 60_000);
});
