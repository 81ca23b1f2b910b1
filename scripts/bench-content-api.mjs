// The Content API's heaviest call beside everything else (issue 39): GET /ghost/api/content/posts/?limit=all
// over 3,000 posts (1,000 of them 29 KB of Markdown), each call with a throwaway parameter so no answer
// cache helps. First the backfill job renders and keeps the 3,000 bodies (its time is printed). While 2
// clients ask limit=all over and over (at most MAX_CALLS calls, each with a time limit), one client asks /healthz every 20 ms and another a
// post page not yet cached; their p99 and worst times are printed beside the same probes on an idle site
// and on a bare node:http server. A site of its own on the embedded PGlite (needs `npm run build`).
// Called from scripts/bench.mjs, or alone: node scripts/bench-content-api.mjs. Targets: /healthz p99
// under 100 ms and an uncached post page within 1 s during the load.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOAD_SECONDS = Number(process.env.BENCH_CONTENT_API_SECONDS ?? 30);
const KEY = "0123456789abcdef0123456789";
const ADMIN = { email: "bench@clink.app", password: "bench password 12345" };
/** Every loop ends: by count, by time, and every request has a time limit. */
const MAX_CALLS = 40;
const CALL_LIMIT_MS = 180_000;
const PROBE_LIMIT_MS = 10_000;
const BACKFILL_LIMIT_MS = 15 * 60_000;
const timed = (ms) => ({ signal: AbortSignal.timeout(ms) });

export async function startServer(dataDir) {
  const port = await new Promise((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, "backups"),
      SEED_DEMO: "false",
      MAIL_TRANSPORT: "files",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "bench@clink.app",
      ADMIN_PASSWORD: "bench password 12345",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const up = await fetch(`${url}/healthz`, timed(PROBE_LIMIT_MS)).then(
      (res) => res.ok,
      () => false,
    );
    if (up)
      return {
        url,
        pid: child.pid,
        stop: () => (
          child.kill("SIGTERM"),
          Promise.race([exited, new Promise((r) => setTimeout(r, 30_000)).then(() => child.kill("SIGKILL"))])
        ),
      };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not become healthy in 60 s");
}

/** 3,000 posts (every third of the first 3,000 has 29 KB of Markdown) and an integration with KEY. */
async function seed(dataDir) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
  const paragraph = "Plan ahead, pace yourself and say **hello** to someone new at the [bar](/venue-map). ";
  await db.query(
    `insert into blog_posts (slug, title, excerpt, author, category, content, tags, published, created_at, updated_at)
     select 'api-post-' || i, 'Night number ' || i, 'An evening out.', 'Author ' || (i % 7), 'tips',
       '## Night ' || i || E'\\n\\n' || repeat($1, case when i % 3 = 0 then 340 else 8 end),
       array['tag-' || (i % 20)], true, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
     from generate_series(1, 3000) as i`,
    [paragraph],
  );
  await db.query(`insert into integrations (name, key_hash, key_hint) values ('bench', $1, $2)`, [
    createHash("sha256").update(KEY).digest("hex"),
    KEY.slice(-4),
  ]);
  await db.close();
}

/**
 * A GET as a Ghost front end sends it (gzip accepted), its body counted, not inflated: on this
 * 2-core machine the client's own inflating of 50 MB a call took the core the server needs.
 */
function rawGet(url, encoding = "gzip") {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { "accept-encoding": encoding }, timeout: CALL_LIMIT_MS }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, bytes }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("limit=all took too long")));
    req.on("error", reject);
  });
}

/** Latencies of one request at a time to each of `urls` in turn, every 20 ms, until `stopped.value`. */
async function probe(urls, stopped) {
  const times = [];
  for (let i = 0; !stopped.value && i < 100_000; i++) {
    const started = performance.now();
    const res = await fetch(urls[i % urls.length], timed(PROBE_LIMIT_MS)).catch(() => null);
    await res?.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  times.sort((a, b) => a - b);
  const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN);
  return { p50: pct(0.5), p99: pct(0.99), max: pct(1), n: times.length };
}

/** /healthz and uncached post pages probed for `seconds`, with `load` running beside them. */
async function during(url, seconds, load) {
  const stopped = { value: false };
  let page = 0;
  const pages = Array.from({ length: 3000 }, () => `${url}/blog/api-post-${(page += 1)}`);
  const running = [probe([`${url}/healthz`], stopped), probe(pages, stopped), ...(load ? [load(stopped), load(stopped)] : [])];
  await new Promise((r) => setTimeout(r, seconds * 1000));
  stopped.value = true;
  return Promise.all(running);
}

/**
 * Waits (at most BACKFILL_LIMIT_MS) until the blog.post-html job has no run queued or running and has
 * run at least the 150 steps 3,000 posts take, asking the admin's job counts (reading posts would render them).
 */
async function backfillSeconds(url) {
  const started = performance.now();
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
    ...timed(PROBE_LIMIT_MS),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  let runs = 0;
  while (performance.now() - started < BACKFILL_LIMIT_MS) {
    const res = await fetch(`${url}/api/admin/jobs`, { headers: { cookie }, ...timed(PROBE_LIMIT_MS) }).catch(() => null);
    const counts = res?.ok ? (await res.json()).counts.filter((c) => c.type === "blog.post-html") : [];
    const sum = (states) => counts.filter((c) => states.includes(c.state)).reduce((total, c) => total + c.count, 0);
    runs = sum(["done"]);
    if (sum(["queued", "running"]) === 0 && runs >= 3000 / 20)
      return { done: true, seconds: Math.round((performance.now() - started) / 1000), runs };
    await new Promise((r) => setTimeout(r, 500));
  }
  return { done: false, seconds: Math.round((performance.now() - started) / 1000), runs };
}

export async function contentApiRows() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-bench-api-"));
  let server = await startServer(dataDir); // creates and migrates the database
  await server.stop();
  await seed(dataDir);
  server = await startServer(dataDir);
  const bare = http.createServer((_req, res) => res.end("ok")).listen(0, "127.0.0.1");
  await new Promise((r) => bare.once("listening", r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}`;
  try {
    const calls = [];
    let n = 0;
    const apiLoad = async (stopped) => {
      while (!stopped.value && n < MAX_CALLS) {
        const started = performance.now();
        const { status, bytes } = await rawGet(
          `${server.url}/ghost/api/content/posts/?key=${KEY}&limit=all&include=tags,authors&x=${(n += 1)}`,
        );
        if (status !== 200) throw new Error(`limit=all answered ${status}`);
        calls.push({ ms: performance.now() - started, mb: bytes / 1e6 });
      }
    };
    const backfill = await backfillSeconds(server.url);
    process.stderr.write(`content API bench: backfill ${backfill.done ? "finished" : "NOT finished"} in ${backfill.seconds} s\n`);
    const plain = await rawGet(`${server.url}/ghost/api/content/posts/?key=${KEY}&limit=all&include=tags,authors&x=plain`, "identity");
    process.stderr.write("content API bench: idle probes\n");
    const [idleHealth, idlePage] = await during(server.url, 5, null);
    const [bareHealth] = await during(bareUrl, 5, null);
    const [busyHealth, busyPage] = await during(server.url, LOAD_SECONDS, apiLoad);
    const first = calls[0];
    // The server's peak resident memory over its life (this start: backfill done, idle probes, the load).
    const peakMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? NaN) / 1024);
    return [
      {
        measure: `backfill of 3,000 kept bodies: ${backfill.done ? "finished" : "not finished"} (${backfill.runs} job runs)`,
        p50_ms: null,
        p99_ms: null,
        max_ms: backfill.seconds * 1000,
      },
      { measure: "bare node:http, one request each 20 ms", p50_ms: bareHealth.p50, p99_ms: bareHealth.p99, max_ms: bareHealth.max },
      { measure: "/healthz, idle site", p50_ms: idleHealth.p50, p99_ms: idleHealth.p99, max_ms: idleHealth.max },
      { measure: "uncached post page, idle site", p50_ms: idlePage.p50, p99_ms: idlePage.p99, max_ms: idlePage.max },
      { measure: "/healthz during limit=all (target p99 < 100)", p50_ms: busyHealth.p50, p99_ms: busyHealth.p99, max_ms: busyHealth.max },
      {
        measure: "uncached post page during limit=all (target max < 1000)",
        p50_ms: busyPage.p50,
        p99_ms: busyPage.p99,
        max_ms: busyPage.max,
      },
      {
        measure: `server's peak resident memory: ${peakMb} MB (one limit=all is ${(plain.bytes / 1e6).toFixed(1)} MB of JSON)`,
        p50_ms: null,
        p99_ms: null,
        max_ms: null,
      },
      {
        measure: `limit=all, 3,000 posts: ${calls.length} calls, ${first ? first.mb.toFixed(1) : "?"} MB gzipped each (first call ${first ? Math.round(first.ms) : "?"} ms)`,
        p50_ms: Math.round(calls.map((c) => c.ms).sort((a, b) => a - b)[Math.floor(calls.length / 2)] ?? NaN),
        p99_ms: null,
        max_ms: Math.round(Math.max(...calls.map((c) => c.ms))),
      },
    ];
  } finally {
    bare.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await contentApiRows());
