// The Analytics section's speed (issue 32): GET /api/admin/analytics for 90 days of a site with 100,000 page views
// a day, every row and the tab's top 100 rows of each list (&limit=100), and the admin page's first HTML with
// the Analytics section's figures (?tab=audience, 7 days). Part of
// `npm run bench`; also runs alone: `npm run bench:analytics` (needs `npm run build`), on the embedded PGlite,
// or on PostgreSQL with BENCH_DATABASE_URL (a fresh database is made beside it and dropped at the end).
// Target: < 300 ms for the 90-day report on both.
//
// Seeded as the collector would have aggregated 90 days: per day 100,000 page views over ~3,000 of 4,000
// paths (a long tail; new posts come, old ones fade), 300 referrer hosts of every kind, 60 campaigns, 3 screen
// classes, the 6 goals on 900 pages and from 300 sources, AI referrals on 400 pages; and 90 days of crawler
// log (1,000 rows a day, AI crawlers verified and not, and Googlebot) for the AI join.
import { runAlone, seedSite, signIn, startSite, withScratchSite } from "./bench-server.mjs";

const REPEATS = Number(process.env.BENCH_AUDIENCE_REPEATS ?? 11);

const SEED = `
insert into analytics_daily (day, dimension, key, views, visitors)
select (current_date - n)::date, dim, key, views, visitors from generate_series(0, 89) n,
lateral (
  select 'site' dim, '' key, 100000 views, 41000 visitors
  union all select 'page', '/blog/post-' || ((p + n * 11) % 4000 + 1), greatest(1, 24450 / (p + 50)), greatest(1, 14600 / (p + 50)) from generate_series(1, 3000) p
  union all select 'ai-page', '/blog/post-' || ((p + n * 11) % 4000 + 1), 1 + 40 / p, 1 + 30 / p from generate_series(1, 400) p
  union all select 'source', (array['search','ai','social','email','other'])[1 + s % 5] || chr(9) || 'host' || s || '.example', 20000 / (s + 20), 12000 / (s + 20) + 1 from generate_series(1, 300) s
  union all select 'campaign', 'news' || chr(9) || (array['email','social','cpc'])[1 + c % 3] || chr(9) || 'campaign-' || ((c + n) % 90), 500 / c + 1, 300 / c + 1 from generate_series(1, 60) c
  union all select 'screen', s, 33000, 13600 from unnest(array['mobile','tablet','desktop']) s
  union all select 'goal', g, 40 + n % 7, 30 from unnest(array['app-store','google-play','signup','contact','advertise','deletion']) g
  union all select 'goal-page', g || chr(9) || '/blog/post-' || ((p + n * 11) % 4000 + 1), 1 + 20 / p, 1 + 15 / p from unnest(array['app-store','google-play','signup','contact','advertise','deletion']) g, generate_series(1, 150) p
  union all select 'goal-source', g || chr(9) || (array['search','ai','social','email','other'])[1 + s % 5] || chr(9) || 'host' || s || '.example', 1 + 10 / s, 1 + 8 / s from unnest(array['app-store','google-play','signup','contact','advertise','deletion']) g, generate_series(1, 50) s
) rows;
insert into crawler_visits (crawler, verified, path, status, hits, visited_at)
select (array['GPTBot','ClaudeBot','PerplexityBot','Googlebot'])[1 + i % 4], i % 9 <> 0, '/blog/post-' || (i * 7 % 4000 + 1), 200, 1 + i % 4,
       now() - (i % 90) * interval '1 day' - (i % 23) * interval '1 hour'
from generate_series(1, 90000) i;
`;

/** The site; `seen` resolves when its log says the rollup blocks are built. */
const startServer = (site) => startSite(site, {}, { watch: /"blocks":[1-9].*analytics days rolled up/ });

/** Times `n` requests one after another (after one to warm up): median, p95 and the bytes of the answer. */
async function timed(url, headers, n) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i <= n; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i > 0) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]);
  return { median: at(0.5), p95: at(0.95), kb: Math.round(bytes / 1024) };
}

/** The Audience rows of `npm run bench`, on the database BENCH_DATABASE_URL names (else PGlite). */
export function analyticsRows() {
  return withScratchSite("audience", async (site) => {
    let server = await startServer(site); // creates and migrates the database
    await server.stop();
    const seedStarted = performance.now();
    await seedSite(site, SEED);
    const seeded = performance.now() - seedStarted;
    server = await startServer(site); // its start rolls the seeded past days up
    try {
      const headers = { cookie: await signIn(server.url), "accept-encoding": "gzip, br" };
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
      const api = `${server.url}/api/admin/analytics?from=${from}&to=${to}`;
      const rolledStarted = performance.now();
      await Promise.race([
        server.seen,
        new Promise((_, reject) => setTimeout(() => reject(new Error("rollups not made in 10 minutes")), 600_000).unref()),
      ]);
      const rolledUp = performance.now() - rolledStarted;
      const { rolledUpDays } = await (await fetch(api, { headers })).json();
      if (rolledUpDays < 88) throw new Error(`only ${rolledUpDays} days rolled up`);
      const { database } = site;
      const report = await timed(api, headers, REPEATS);
      const tab = await timed(`${api}&limit=100`, headers, REPEATS);
      const page = await timed(`${server.url}/admin?tab=audience`, headers, REPEATS);
      console.log(`audience: seeded in ${(seeded / 1000).toFixed(1)} s, rolled up in ${(rolledUp / 1000).toFixed(1)} s (${database})`);
      return [
        {
          page: `GET /api/admin/analytics, 90 days (${database})`,
          "median ms": report.median,
          "p95 ms": report.p95,
          "KB/resp": report.kb,
          target: "",
        },
        {
          page: `the Analytics section's request, 90 days, top 100 rows (${database})`,
          "median ms": tab.median,
          "p95 ms": tab.p95,
          "KB/resp": tab.kb,
          target: "< 300 ms",
        },
        {
          page: `GET /admin?tab=audience, 7 days (${database})`,
          "median ms": page.median,
          "p95 ms": page.p95,
          "KB/resp": page.kb,
          target: "",
        },
      ];
    } finally {
      await server.stop();
    }
  });
}

await runAlone(import.meta.url, analyticsRows);
