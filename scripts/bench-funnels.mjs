// Funnels and "What it brought" (issue 50, part B): GET /api/admin/analytics/funnels/:id over 90 days of a site
// with 10,000 visitors a day (a 4-step funnel; and the same with a source and device filter), and
// GET /api/admin/analytics/brought over the same 90 days. Part of `npm run bench`; also runs alone:
// `npm run bench:funnels` (needs `npm run build`), on the embedded PGlite, or on PostgreSQL with
// BENCH_DATABASE_URL (a fresh database is made beside it and dropped at the end). Target: < 300 ms on both
// once a funnel's days that are over are kept (docs/decisions/0065-funnels-and-visit-steps.md).
//
// Seeded as the collector would have kept 90 days of visit steps (analytics_visit_steps): per day 10,000
// visitors, each landing on /, a post (300 of them) or /faq from one of 5 sources (a tenth with a campaign) on
// one of 3 screen classes; 60% read a post next, 30% open /early-access, 8% sign up, 4% press the App Store
// button and 3% Google Play (with a city on most): ~21,000 rows a day, ~1.9 million in all.
import { runAlone, seedSite, signIn, startSite, withScratchSite, callJson } from "./bench-server.mjs";

const REPEATS = Number(process.env.BENCH_FUNNEL_REPEATS ?? 7);

const SEED = `
insert into analytics_visit_steps (day, visitor, at, path, goal, source, campaign, screen, city, landing, landing_source, landing_campaign)
select d, v + n * 100000, ((d - date '1970-01-01')::bigint * 86400 + v * 8 + step) * 1000000, path, goal,
       case when step = 0 then src end, case when step = 0 then camp end,
       case when goal is null then (array['mobile','tablet','desktop'])[1 + v % 3] end,
       case when goal in ('app-store', 'google-play') then (array['Sydney','Melbourne','Brisbane',null])[1 + v % 4] end,
       case when goal is not null then land end, case when goal is not null then src end, case when goal is not null then camp end
from generate_series(0, 89) n, lateral (select (current_date - n)::date d) day, generate_series(1, 10000) v,
lateral (select case when (v * 7 + n) % 5 < 2 then '/' when (v * 7 + n) % 5 < 4 then '/blog/post-' || ((v + n) % 300) else '/faq' end land,
                (array['Direct','Google','TikTok','Instagram','newsletter'])[1 + (v * 31 + n) % 5] src,
                case when (v * 37 + n) % 10 = 0 then 'campaign-' || (v % 6) end camp) visit,
lateral (values
  (0, land, null::text, true),
  (1, '/blog/post-' || ((v * 3 + n) % 300), null, (v * 13 + n) % 10 < 6),
  (2, '/early-access', null, (v * 17 + n) % 10 < 3),
  (3, '/early-access', 'signup', (v * 19 + n) % 100 < 8),
  (4, '/blog/post-' || ((v * 3 + n) % 300), 'app-store', (v * 23 + n) % 100 < 4),
  (5, '/', 'google-play', (v * 29 + n) % 100 < 3)
) s(step, path, goal, kept)
where kept;
`;

/** Times `n` requests one after another (after one to warm up, unless `warm` is false: then 1 request, timed): median and p95. */
async function timed(url, headers, n, warm = true) {
  const times = [];
  for (let i = warm ? 0 : 1; i <= Math.max(n, 1); i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]);
  return { median: at(0.5), p95: at(0.95) };
}

/** The funnel rows of `npm run bench`, on the database BENCH_DATABASE_URL names (else PGlite). */
export function funnelRows() {
  return withScratchSite("funnels", async (site) => {
    let server = await startSite(site); // creates and migrates the database
    await server.stop();
    const seedStarted = performance.now();
    await seedSite(site, SEED);
    const seeded = performance.now() - seedStarted;
    server = await startSite(site);
    try {
      const cookie = await signIn(server.url);
      const headers = { cookie, "accept-encoding": "gzip, br" };
      const steps = [{ page: "/" }, { page: "/blog/*" }, { page: "/early-access" }, { goal: "app-store" }];
      const { id } = await callJson(server.url, cookie, "POST", "/api/admin/analytics/funnels", { name: "Bench", steps });
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
      const api = `${server.url}/api/admin/analytics/funnels/${id}?from=${from}&to=${to}`;
      // The first read of a new funnel computes the 89 days that are over (and keeps them); later reads add up the
      // kept days and compute today (the hourly funnels job keeps each new day).
      const first = await timed(api, headers, 0, false);
      const answer = await (await fetch(api, { headers })).json();
      const { database } = site;
      console.log(
        `funnels: seeded in ${(seeded / 1000).toFixed(1)} s (${database}); visitors per step over 90 days: ${answer.steps.map((s) => s.visitors).join(", ")}; ${answer.keptDays} days kept`,
      );
      const funnel = await timed(api, headers, REPEATS);
      const filteredApi = `${api}&source=TikTok&device=mobile`;
      const filteredFirst = await timed(filteredApi, headers, 0, false);
      const filtered = await timed(filteredApi, headers, REPEATS);
      const broughtApi = `${server.url}/api/admin/analytics/brought?from=${from}&to=${to}`;
      const broughtFirst = await timed(broughtApi, headers, 0, false);
      const brought = await timed(broughtApi, headers, REPEATS);
      return [
        {
          page: `a new 4-step funnel's first read, 90 days of 10,000 visitors a day (${database})`,
          "median ms": first.median,
          "p95 ms": first.p95,
          target: "",
        },
        {
          page: `the same funnel read again: 89 kept days + today (${database})`,
          "median ms": funnel.median,
          "p95 ms": funnel.p95,
          target: "< 300 ms",
        },
        {
          page: `the same, a new filter (source and device): first read (${database})`,
          "median ms": filteredFirst.median,
          "p95 ms": filteredFirst.p95,
          target: "",
        },
        { page: `the same filter read again (${database})`, "median ms": filtered.median, "p95 ms": filtered.p95, target: "< 300 ms" },
        {
          page: `What it brought, 90 days: first read (days kept by the funnels job at start) (${database})`,
          "median ms": broughtFirst.median,
          "p95 ms": broughtFirst.p95,
          target: "",
        },
        {
          page: `What it brought read again: 89 kept days + today (${database})`,
          "median ms": brought.median,
          "p95 ms": brought.p95,
          target: "< 300 ms",
        },
      ];
    } finally {
      await server.stop();
    }
  });
}

await runAlone(import.meta.url, funnelRows);
