// npm run bench: every public page's throughput and latency beside a bare node:http server sending
// the same bytes (started here, in its own process), at 50 and 200 connections, with the gzipped
// JavaScript each page loads and the server's idle memory once all are cached; then /search with a
// new query each time. A fresh site with 10,000 posts (needs `npm run build`), on the embedded
// PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a fresh database is made beside it).
// BENCH_SECONDS (default 3) per measurement: about two minutes in all. BENCH_PAGES narrows the pages.
// With --write-docs the figures are also added to docs/benchmarks.md (newest first, dated: ./bench-docs.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { onPostgres } from "./bench-postgres.mjs";
import { besideBare, freePort } from "./bench-server.mjs";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-bench-"));

/** On PostgreSQL: a fresh database named after this run, dropped at the end. */
const pgBase = process.env.BENCH_DATABASE_URL;
const pgDatabase = `clink_bench_${process.pid}_${Date.now()}`;
const databaseUrl = pgBase ? Object.assign(new URL(pgBase), { pathname: `/${pgDatabase}` }).toString() : "";
if (pgBase) await onPostgres(pgBase, (client) => client.query(`create database ${pgDatabase}`));

/**
 * The environment `npm start` gives the server (its allocator settings, see docs/decisions), read
 * from package.json so the bench measures what production runs.
 */
const startScript = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
const startEnv = Object.fromEntries([...startScript.matchAll(/\b([A-Z][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1], m[2]]));

/** Starts the built site; ready when /healthz answers (so it works at any LOG_LEVEL). */
async function startServer() {
  const port = await freePort();
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (a profile per start).
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...startEnv,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, "backups"),
      SEED_DEMO: "false",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      ADMIN_EMAIL: "bench@clink.app",
      ADMIN_PASSWORD: "bench password 12345",
      DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: child.pid, stop: () => (child.kill("SIGTERM"), exited) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not become healthy in 30 s");
}

const WORDS = [
  "rooftop",
  "cocktail",
  "trivia",
  "happy hour",
  "meetup",
  "craft beer",
  "wine",
  "sydney",
  "melbourne",
  "karaoke",
  "jazz",
  "brunch",
  "safety",
  "friends",
  "networking",
  "whisky",
  "tapas",
  "sunset",
  "live music",
  "pub quiz",
];
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

/** Latency percentiles and throughput of one address at one concurrency. */
async function load(url, headers, { connections, requests, duration = DURATION }) {
  const times = [];
  const instance = autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) });
  instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  const ms = (p) => Number(pct(p).toFixed(1));
  return {
    rps: Math.round(result.requests.average),
    p50: ms(50),
    p95: ms(95),
    p99: ms(99),
    errors: result.errors + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
  };
}

/**
 * A bare node:http server, in its own process, answering each page's path with the bytes and
 * headers our server sent for it: the ceiling any Node server could reach on this machine.
 */
async function startBareServer(pages) {
  const file = path.join(dataDir, "bare-pages.json");
  fs.writeFileSync(file, JSON.stringify(pages));
  const port = await freePort();
  const code = `
    const http = require("node:http");
    const pages = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(file)}, "utf8"));
    for (const page of Object.values(pages)) page.body = Buffer.from(page.body, "base64");
    http.createServer((req, res) => {
      const page = pages[req.url];
      if (!page) { res.writeHead(404); return res.end(); }
      res.writeHead(200, page.headers);
      res.end(page.body);
    }).listen(${port}, "127.0.0.1", () => process.stdout.write("ready\\n"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => (child.kill("SIGTERM"), exited) };
}

/** Gzipped bytes of every script a page makes the browser load (script src, module preloads and imports). */
async function pageJavaScript(base, html) {
  const urls = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"|import\("(\/assets\/[^"]+\.js)"\)|import "(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1] ?? m[2] ?? m[3],
    ),
  );
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(base + url)).arrayBuffer()), { level: 9 }).length;
  return total;
}

/**
 * What PGlite alone holds resident once it has answered the site's kind of queries (the newest
 * posts, a search), set up as the server sets it up, beyond a bare Node process: the share of the server's memory that PostgreSQL
 * would hold in its own processes.
 */
async function pgliteEngineMb() {
  const code = `
    const fs = require("node:fs");
    const rss = () => Number(fs.readFileSync("/proc/self/status", "utf8").match(/VmRSS:\\s+(\\d+)/)[1]) / 1024;
    const before = rss();
    import(${JSON.stringify(path.join(root, "node_modules/@electric-sql/pglite/dist/index.js"))}).then(async ({ PGlite }) => {
      const db = await PGlite.create({ dataDir: ${JSON.stringify(path.join(dataDir, "pglite"))}, postgresqlconf: ["shared_buffers=8MB"] });
      await db.query("select * from blog_posts where published order by created_at desc limit 20");
      await db.query("select count(*) from blog_posts where content ilike '%rooftop%'");
      process.stdout.write(String(Math.round(rss() - before)));
      await db.close();
    });`;
  // Compiled as the server compiles it (app/core/database/db.server.ts).
  const child = spawn(process.execPath, ["--liftoff-only", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => child.once("exit", resolve));
  return out || "?";
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024);
}

const POSTS = 10_000;
let server = await startServer(); // creates and migrates the database
await server.stop();
await addPosts(1, POSTS);
server = await startServer();

// What Chromium sends: pages come back in brotli or gzip.
const browserHeaders = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,application/xhtml+xml,*/*" };
const ALL_PAGES = [
  "/",
  "/about",
  "/faq",
  "/privacy-policy",
  "/happy-hour",
  "/blog",
  "/blog/bench-post-11",
  "/search?q=rooftop",
  "/venue-map",
  "/contact",
  "/advertise",
  "/delete-my-data",
];
// BENCH_PAGES=/contact,/venue-map measures only those pages (while working on them).
// BENCH_PAGES=none measures only the uncached searches (no pages, crawlers or idle memory).
const PAGES =
  process.env.BENCH_PAGES === "none"
    ? []
    : process.env.BENCH_PAGES
      ? process.env.BENCH_PAGES.split(",")
          .map((page) => page.trim())
          .filter(Boolean)
      : ALL_PAGES;
// Warm every page (first renders, brotli made in the background), then take the bytes it sends.
for (const p of PAGES) await fetch(server.url + p);
await new Promise((r) => setTimeout(r, 1500));
const sent = {};
const jsKb = {};
for (const p of PAGES) {
  const res = await fetch(server.url + p);
  const raw = await new Promise((resolve, reject) => {
    http
      .get(server.url + p, { headers: browserHeaders }, (answer) => {
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
  const headers = {};
  for (const name of ["content-type", "content-encoding", "vary", "cache-control", "content-security-policy"])
    if (raw.headers[name]) headers[name] = raw.headers[name];
  sent[p] = { headers, body: raw.body.toString("base64") };
  jsKb[p] = ((await pageJavaScript(server.url, await res.text())) / 1024).toFixed(1);
}
const bare = await startBareServer(sent);
// Both servers' code paths compiled by V8's optimiser before the first row: else the first page
// measured (/) paid for it alone (0.73 of bare at 200 connections, every other page 0.86-1.0).
if (PAGES.length) for (const base of [server.url, bare.url]) await load(base + PAGES[0], browserHeaders, { connections: 50, duration: 2 });

const rows = [];
for (const p of PAGES) {
  for (const connections of [50, 200]) {
    const ours = await load(server.url + p, browserHeaders, { connections });
    const theirs = await load(bare.url + p, browserHeaders, { connections });
    const row = {
      page: p,
      conn: connections,
      ...besideBare(ours, theirs),
      "KB/resp": (ours.bytes / 1024).toFixed(1),
      "JS KB gz": jsKb[p],
      errors: ours.errors,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
}
if (PAGES.length)
  rows.push(
    ...(await (
      await import("./bench-beacons.mjs")
    ).beaconRows({ url: server.url, bareUrl: bare.url, page: PAGES[0], load, headers: browserHeaders, duration: DURATION })),
  );
await bare.stop();
if (PAGES.length) rows.push(...(await (await import("./bench-crawlers.mjs")).crawlerRows(server.url, load, browserHeaders)));

// Every public page is cached now. Idle memory is read once the server has settled: V8 gives
// back what the load grew (its memory reducer) some seconds after the traffic stops, so the
// resident size is sampled each second until it has not fallen for 60 s (at most 180 s): after a
// heavy load the reducer's first pass came 30-45 s after the traffic stopped here.
const idleStart = Date.now();
let idleRss = rssMb(server.pid);
for (let lowestAt = Date.now(); PAGES.length && Date.now() - lowestAt < 60_000 && Date.now() - idleStart < 180_000;) {
  await new Promise((r) => setTimeout(r, 1000));
  const now = rssMb(server.pid);
  if (now < idleRss - 1) lowestAt = Date.now();
  idleRss = Math.min(idleRss, now);
}
const idleSeconds = Math.round((Date.now() - idleStart) / 1000);

// The worst case for search, and what it does to everything else: ./bench-search.mjs.
const uncached = await (
  await import("./bench-search.mjs")
).uncachedSearchRows({ url: server.url, pid: server.pid, load, headers: browserHeaders, words: WORDS, rssMb, duration: DURATION });
await server.stop();

console.table(rows);
console.table(uncached);
const summary = [
  `idle memory of the server with ${POSTS.toLocaleString("en")} posts and every page above cached: ${idleRss} MB after ${idleSeconds} s idle (target < 200 MB)`,
];
if (!pgBase)
  summary.push(
    `  of which the embedded database engine alone (PGlite on the same data, measured in its own process): ${await pgliteEngineMb()} MB`,
  );
summary.push(
  `targets: ratio >= 0.5 of the bare server; p99 < 50 ms at 50 connections, < 250 ms at 200; content pages <= 5 KB of gzipped JS; ${DURATION} s each`,
);
for (const line of summary) console.log(line);
fs.rmSync(dataDir, { recursive: true, force: true });
if (pgBase) await onPostgres(pgBase, (client) => client.query(`drop database ${pgDatabase} with (force)`));
console.log(`database: ${pgBase ? "PostgreSQL" : "PGlite (embedded)"}`);
if (process.argv.includes("--write-docs")) {
  const { writeRun } = await import("./bench-docs.mjs");
  const settings = ["BENCH_SECONDS", "BENCH_PAGES", "BENCH_SEARCH_SECONDS"]
    .filter((name) => process.env[name])
    .map((name) => `${name}=${process.env[name]} `);
  const command = `${pgBase ? "BENCH_DATABASE_URL=... " : ""}${settings.join("")}npm run bench -- --write-docs`;
  const tables = [
    { title: `Pages on ${pgBase ? "PostgreSQL" : "PGlite"}, ${POSTS.toLocaleString("en")} posts, ${DURATION} s each`, rows },
    { title: "New searches (a new query on every request)", rows: uncached },
  ];
  writeRun(path.join(root, "docs/benchmarks.md"), { command, tables, lines: summary.map((line) => line.trim()) });
  console.log("figures added to docs/benchmarks.md");
}
await import("./bench-venues.mjs"); // venue explorer: rules per update and /venue-map JavaScript
// The Analytics section over 90 days of 100,000 page views a day (a site of its own): ./bench-analytics.mjs.
console.table(await (await import("./bench-analytics.mjs")).analyticsRows());
// Funnels and "What it brought" over 90 days of 10,000 visitors a day (a site of its own): ./bench-funnels.mjs.
console.table(await (await import("./bench-funnels.mjs")).funnelRows());
// 5,000 broadcast recipients queued, and the home page meanwhile beside the bare server (a site of its own): ./bench-broadcasts.mjs.
console.table(await (await import("./bench-broadcasts.mjs")).broadcastRows());
// Mail beside receivers that never answer (a site of its own): ./bench-lanes.mjs.
console.table(await (await import("./bench-lanes.mjs")).lanesRows());
// /healthz and uncached post pages during a 10,000-rule import (a site of its own): ./bench-redirects.mjs.
console.table(await (await import("./bench-redirects.mjs")).redirectRows());
// Content API limit=all over 3,000 posts (1,000 of 29 KB) after the backfill, /healthz and an uncached post page meanwhile (a site of its own): ./bench-content-api.mjs.
console.table(await (await import("./bench-content-api.mjs")).contentApiRows());
// The costliest inputs found (Markdown in the editor, 60 image variants at once), /healthz meanwhile (a site of its own): ./bench-bounded.mjs.
console.table(await (await import("./bench-bounded.mjs")).boundedRows());
// A post page through Varnish beside a bare server on the same bytes, and its hit ratio during a run of edits (deploy/varnish/; a site of its own): ./bench-varnish.mjs.
console.table(await (await import("./bench-varnish.mjs")).varnishRows());
