import { describe, expect, it } from "vitest";
import { adminApi } from "../support/api";
import { eventually } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import { usingPostgres, type TestServer } from "../support/test-server";

/**
 * Issue 32's speed goal for the Analytics section: 90 days of a site with 100,000 page views a day answer in under
 * 300 ms. From the raw rows it took (2 cores, shared) PostgreSQL 281 ms and PGlite 1,100 ms (the grouping of
 * ~230,000 daily rows in WebAssembly); from the rollup blocks (analytics_rollups) of the 89 past days it reads
 * a handful of blocks per dimension (decision 0043). Asserts the figures, not the time (no timed assertions:
 * the speed goal is `npm run bench:analytics`'s), and prints the time. Seeded as the collector would have
 * aggregated them: per day 1,000 pages, 200 sources, 50 campaigns,
 * 3 screen classes, the goals on 200 pages, and 90 days of verified AI crawler visits (500 rows a day).
 */
const env = { SEED_DEMO: "false" };
let server: TestServer;

const seed = `
insert into analytics_daily (day, dimension, key, views, visitors)
select d::date, dim, key, views, visitors from generate_series(current_date - 89, current_date, interval '1 day') d,
lateral (
  select 'site' dim, '' key, 100000 views, 40000 visitors
  union all select 'page', '/blog/post-' || p, 100, 60 from generate_series(1, 1000) p
  union all select 'ai-page', '/blog/post-' || p, 5, 5 from generate_series(1, 1000) p
  union all select 'source', case when s % 6 = 0 then 'ai' else 'other' end || chr(9) || 'host' || s || '.example', 300, 200 from generate_series(1, 200) s
  union all select 'campaign', 'news' || chr(9) || 'email' || chr(9) || 'c' || c, 50, 40 from generate_series(1, 50) c
  union all select 'screen', s, 30000, 12000 from unnest(array['mobile','tablet','desktop']) s
  union all select 'goal', g, 40, 30 from unnest(array['app-store','google-play','signup','contact','advertise','deletion']) g
  union all select 'goal-page', 'app-store' || chr(9) || '/blog/post-' || p, 2, 2 from generate_series(1, 200) p
) rows;
insert into crawler_visits (crawler, verified, path, status, hits, visited_at)
select 'GPTBot', true, '/blog/post-' || (i % 1000 + 1), 200, 3, now() - (i % 90) * interval '1 day' from generate_series(1, 45000) i;
`;

// The rollup job runs at each start: the restart after seeding rolls the seeded days up.
siteForSuite({ env, seed }, (site) => (server = site.server));

describe("the Audience report over 90 days of 100,000 page views a day", () => {
  it("answers 90 days from its rollups, whole, and prints the time it took (median of 5)", { timeout: 180_000 }, async () => {
    const admin = await adminApi(server);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    // The job runner rolls the 89 past days up at start (today stays raw): wait for it.
    await eventually(
      async () =>
        ((await (await admin.get(`/api/admin/analytics?from=${from}&to=${to}`)).json()) as { rolledUpDays: number }).rolledUpDays >= 88,
      120_000,
    );
    const times: number[] = [];
    let body: { pageviews: number; pages: unknown[] } = { pageviews: 0, pages: [] };
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const res = await admin.get(`/api/admin/analytics?from=${from}&to=${to}`);
      body = (await res.json()) as typeof body;
      if (i > 0) times.push(performance.now() - started); // the first warms the caches
      expect(res.status).toBe(200);
    }
    expect(body.pageviews).toBe(9_000_000);
    expect(body.pages).toHaveLength(1000);
    const median = times.sort((a, b) => a - b)[2]!;
    console.log(
      `Audience report, 90 days (${usingPostgres() ? "PostgreSQL" : "PGlite"}): median ${median.toFixed(0)} ms, all ${times.map((t) => t.toFixed(0)).join(", ")} ms`,
    );
    // Speed is measured, not asserted (a loaded CI machine is no stopwatch): the goal is read off this line.
  });
});
