// Importing 10,000 redirect rules in one CSV request (issue 39) beside a site that must keep answering.
// Part of `npm run bench`; also alone: `npm run bench:redirects` (needs `npm run build`), on the embedded
// PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a fresh database is made beside it and dropped).
// Printed: the import's time, /healthz during it (10 connections, autocannon) beside a bare node:http
// server answering the same bytes under the same load, and post pages not yet cached asked one at a
// time during it. Targets: /healthz p99 < 100 ms; an uncached post page within 1 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { benchDatabase, callJson, signIn, startBare, startBenchSite } from "./bench-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RULES = Number(process.env.BENCH_REDIRECT_RULES ?? 10_000);
const POSTS = 40;
const PROBE_LIMIT_MS = 10_000;
const IDLE_SECONDS = 5;

const healthzLoad = (url, duration) => autocannon({ url: `${url}/healthz`, connections: 10, duration });

/** Each of `urls` asked once, one at a time, while `running()`: the times in ms. */
async function askEachOnce(urls, running) {
  const times = [];
  for (const url of urls) {
    if (!running()) break;
    const started = performance.now();
    const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_LIMIT_MS) }).catch(() => null);
    await res?.arrayBuffer();
    times.push(res?.ok ? performance.now() - started : PROBE_LIMIT_MS);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

export async function redirectRows() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-bench-redirects-"));
  const database = await benchDatabase("clink_bench_redirects");
  let site;
  try {
    site = await startBenchSite(root, dataDir, database.databaseUrl);
    const cookie = await signIn(site.url);
    const slugs = [];
    for (let i = 0; i < POSTS; i++) {
      const made = await callJson(site.url, cookie, "POST", "/api/blog", {
        title: `Import bench ${i}`,
        author: "Bench",
        excerpt: "Bench.",
        content: `Bench post ${i}.\n\n${"A paragraph of text. ".repeat(200)}`,
        category: "tips",
        tags: [],
        published: true,
      });
      slugs.push(made.post.slug);
    }
    // The same probes without the import first, to tell what the import adds.
    const idleLoad = healthzLoad(site.url, IDLE_SECONDS);
    let idle = true;
    const idlePages = askEachOnce(
      slugs.slice(POSTS / 2).map((slug) => `${site.url}/blog/${slug}`),
      () => idle,
    );
    const quiet = await idleLoad;
    idle = false;
    const quietPages = (await idlePages).sort((a, b) => a - b);
    const csv = ["from,to,status", ...Array.from({ length: RULES }, (_, i) => `/old/bench-${i},/blog/bench-${i},301`)].join("\n");
    const load = healthzLoad(site.url, 1000);
    let importing = true;
    const pages = askEachOnce(
      slugs.slice(0, POSTS / 2).map((slug) => `${site.url}/blog/${slug}`),
      () => importing,
    );
    const started = performance.now();
    const report = await callJson(site.url, cookie, "POST", "/api/admin/redirects/import", { format: "csv", content: csv });
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    load.stop();
    const ours = await load;
    const pageTimes = (await pages).sort((a, b) => a - b);
    if (report.imported !== RULES) throw new Error(`imported ${report.imported} of ${RULES}: ${report.problems.slice(0, 3).join("; ")}`);
    const healthBody = await (await fetch(`${site.url}/healthz`)).text();
    const bare = await startBare(healthBody);
    const theirs = await healthzLoad(bare.url, Math.max(3, Math.round(seconds)));
    await bare.close();
    const pagesFigure = (times) =>
      times.length
        ? `median ${Math.round(times[Math.floor(times.length / 2)])} ms, worst ${Math.round(times.at(-1))} ms (${times.length})`
        : "none asked";
    const healthFigure = (result) =>
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.errors + result.timeouts} errors`;
    const rows = [
      {
        measure: `import of ${RULES.toLocaleString("en")} redirect rules, one CSV request (${database.label})`,
        value: `${seconds.toFixed(1)} s`,
        target: "",
      },
      {
        measure: `/healthz during the import, 10 conn (bare node:http: ${Math.round(theirs.requests.average)} req/s, p99 ${theirs.latency.p99} ms)`,
        value: healthFigure(ours),
        target: "p99 < 100 ms",
      },
      { measure: `/healthz, same load, no import (${IDLE_SECONDS} s)`, value: healthFigure(quiet), target: "" },
      { measure: "uncached post pages during the import, one at a time", value: pagesFigure(pageTimes), target: "< 1 s" },
      { measure: "uncached post pages, same load, no import", value: pagesFigure(quietPages), target: "" },
    ];
    for (const row of rows) console.log(JSON.stringify(row));
    return rows;
  } finally {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  console.table(await redirectRows());
}
