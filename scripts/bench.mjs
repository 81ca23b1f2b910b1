// npm run bench: latency and throughput of the blog on a fresh site (needs `npm run build`): on the
// embedded PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a fresh database is made beside it).
// 1,000 posts for /blog, /api/blog and a post page (50 connections); 10,000 for /search, cached at 50
// connections and a new query each time at 1, 5 and 10 connections. ~5 s each.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-bench-"));

/** On PostgreSQL: a fresh database named after this run, dropped at the end. */
const pgBase = process.env.BENCH_DATABASE_URL;
const pgDatabase = `clink_bench_${process.pid}_${Date.now()}`;
const databaseUrl = pgBase ? Object.assign(new URL(pgBase), { pathname: `/${pgDatabase}` }).toString() : "";
async function onPostgres(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
if (pgBase) await onPostgres(pgBase, (client) => client.query(`create database ${pgDatabase}`));

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the built site; ready when /healthz answers (so it works at any LOG_LEVEL). */
async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", ADMIN_EMAIL: "bench@clink.app", ADMIN_PASSWORD: "bench password 12345", DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop: () => (child.kill("SIGTERM"), exited) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not become healthy in 30 s");
}


const WORDS = ["rooftop", "cocktail", "trivia", "happy hour", "meetup", "craft beer", "wine", "sydney", "melbourne", "karaoke", "jazz", "brunch", "safety", "friends", "networking", "whisky", "tapas", "sunset", "live music", "pub quiz"];
const CATEGORIES = ["events", "nightlife", "social", "tips", "updates"];

/** Adds posts straight into the (stopped) site's database: one INSERT ... SELECT generate_series. */
async function addPosts(from, to) {
  const db = databaseUrl ? await connectPostgres(databaseUrl) : await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
  await db.query(
    `insert into blog_posts (slug, title, excerpt, author, category, content, tags, published, created_at, updated_at)
     select 'bench-post-' || i,
       initcap(w1) || ' and ' || w2 || ' night number ' || i,
       'A guide to ' || w1 || ' with ' || w2 || ' for people who want to meet new friends over a drink.',
       'Author ' || (i % 37),
       c,
       '## Why ' || w1 || E'\\n\\nPost ' || i || ' talks about ' || w1 || ', ' || w2 || E' and meeting people.\\n\\n' || repeat('Plan ahead, pace yourself and say hello to someone new at the bar. ', 8),
       array[w1, w2],
       i % 10 <> 0,
       now() - (i || ' minutes')::interval,
       now() - (i || ' minutes')::interval
     from (
       select i, ($3::text[])[1 + (i * 7) % 20] as w1, ($3::text[])[1 + (i * 13 + 5) % 20] as w2, ($4::text[])[1 + i % 5] as c
       from generate_series($1::int, $2::int) as i
     ) s`,
    [from, to, WORDS, CATEGORIES],
  );
  await db.close();
}

async function connectPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text, params) => client.query(text, params), close: async () => (await client.query("analyze"), client.end()) };
}

async function measure(name, url, headers = {}, { requests, connections = CONNECTIONS } = {}) {
  const times = [];
  const instance = autocannon({ url, connections, duration: DURATION, headers, ...(requests ? { requests } : {}) });
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  const row = {
    name,
    "p50 ms": pct(50).toFixed(1),
    "p95 ms": pct(95).toFixed(1),
    "p99 ms": pct(99).toFixed(1),
    "req/s": Math.round(result.requests.average),
    "KB/resp": (result.throughput.average / Math.max(1, result.requests.average) / 1024).toFixed(1),
    errors: result.errors + result.non2xx,
  };
  console.log(JSON.stringify(row));
  return row;
}

const rows = [];
let server = await startServer(); // creates and migrates the database
await server.stop();
await addPosts(1, 1000);
server = await startServer();
// What Chromium sends: pages are answered in gzip, /api/blog in brotli.
const browserHeaders = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,application/xhtml+xml,*/*" };
// Warm up once (first renders, caches).
for (const p of ["/blog", "/api/blog", "/blog/bench-post-11", "/search?q=rooftop"]) await fetch(server.url + p);
await new Promise((r) => setTimeout(r, 1000)); // /api/blog's brotli body is made in the background
rows.push(await measure("/blog (1,000 posts)", `${server.url}/blog`, browserHeaders));
rows.push(await measure("/api/blog (1,000 posts)", `${server.url}/api/blog`, { "accept-encoding": browserHeaders["accept-encoding"] }));
rows.push(await measure("/blog/{slug}", `${server.url}/blog/bench-post-11`, browserHeaders));
await server.stop();
await addPosts(1001, 10000);
server = await startServer();
await fetch(`${server.url}/search?q=rooftop`);
rows.push(await measure("/search?q=rooftop (10,000 posts, cached)", `${server.url}/search?q=rooftop`, browserHeaders));
// The worst case: every request a new query, so neither the page cache nor the search's own
// result cache helps. Half are one word (~500 matching posts, 20 shown), half two words; the
// "or {n}" (a post number) makes each query new.
let searchCount = 0;
const uncachedSearch = {
  setupRequest: (request) => {
    searchCount++;
    const words = [WORDS[searchCount % 20], ...(searchCount % 2 ? [WORDS[(searchCount * 7 + 3) % 20]] : [])];
    return { ...request, path: `/search?q=${words.map(encodeURIComponent).join("+")}+or+${searchCount}` };
  },
};
for (const connections of [1, 5, 10]) rows.push(await measure(`/search, new query each time, ${connections} conn.`, `${server.url}/search`, browserHeaders, { requests: [uncachedSearch], connections }));
await server.stop();
console.table(rows);
console.log(`targets: p95 < 25 ms for the first three (${CONNECTIONS} connections), < 50 ms for search; ${DURATION} s each`);
fs.rmSync(dataDir, { recursive: true, force: true });
if (pgBase) await onPostgres(pgBase, (client) => client.query(`drop database ${pgDatabase} with (force)`));
console.log(`database: ${pgBase ? "PostgreSQL" : "PGlite (embedded)"}`);
await import("./bench-venues.mjs"); // venue explorer: rules per update and /venue-map JavaScript
