// Broadcasts (issue 43): how long 5,000 recipients take to be queued (a delivery row each, then batches of
// the job runner turning rows into outbox messages), and the home page's speed meanwhile beside a bare
// node:http server sending the same bytes, and beside the same page with nothing being sent. The mail then
// goes out as files (MAIL_TRANSPORT=files), which the measurement also overlaps. Part of `npm run bench`;
// also alone: `npm run bench:broadcasts` (needs `npm run build`), on PGlite, or on PostgreSQL with
// BENCH_DATABASE_URL (a fresh database is made beside it and dropped at the end). BENCH_SECONDS per load.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { freePort, runAlone, seedSite, signIn, startSite, withScratchSite } from "./bench-server.mjs";

const RECIPIENTS = 5000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const HEADERS = { "accept-encoding": "br, gzip", accept: "text/html" };

/** The site, with the hourly budget out of the way: what is measured is the site's own work. */
const startServer = (site) =>
  startSite(site, {
    LOG_LEVEL: "warn",
    PUBLIC_MAIL_HOURLY_BUDGET: "100000",
    LIST_MAIL_BATCH_SIZE: process.env.LIST_MAIL_BATCH_SIZE ?? "50",
  });

async function startBare(page) {
  const port = await freePort();
  const code = `
    const page = ${JSON.stringify({ headers: page.headers, body: page.body.toString("base64") })};
    const body = Buffer.from(page.body, "base64");
    require("node:http").createServer((req, res) => { res.writeHead(200, page.headers); res.end(body); })
      .listen(${port}, "127.0.0.1", () => process.stdout.write("ready\\n"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => (child.kill("SIGTERM"), exited) };
}

async function load(url) {
  const times = [];
  const instance = autocannon({ url, connections: 50, duration: DURATION, headers: HEADERS });
  instance.on("response", (_c, _s, _b, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => Number((times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN).toFixed(1));
  return { rps: Math.round(result.requests.average), p50: pct(50), p99: pct(99), errors: result.errors + result.non2xx };
}

const SEED = `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at)
  select 'blog', 'reader' || i || '@bench.example', 'confirmed', '/blog', 'bench', now() from generate_series(1, ${RECIPIENTS}) i;`;

export function broadcastRows() {
  return withScratchSite("broadcasts", async (site) => {
    const { database } = site;
    let server = await startServer(site); // creates and migrates the database
    await server.stop();
    await seedSite(site, SEED);
    server = await startServer(site);
    try {
      const admin = { cookie: await signIn(server.url), "content-type": "application/json", origin: server.url };
      for (let i = 0; i < 3; i++) await fetch(`${server.url}/`, { headers: HEADERS });
      const res = await fetch(`${server.url}/`, { headers: HEADERS });
      const headers = {};
      for (const name of ["content-type", "content-encoding", "vary", "cache-control"])
        if (res.headers.get(name)) headers[name] = res.headers.get(name);
      const bare = await startBare({ headers, body: Buffer.from(await res.arrayBuffer()) });
      try {
        const idle = await load(`${server.url}/`);
        const created = await fetch(`${server.url}/api/admin/broadcasts`, {
          method: "POST",
          headers: admin,
          body: JSON.stringify({ subject: "Bench", markdown: "# Hello\n\nA bench broadcast.", list: "blog" }),
        });
        const { id, recipients } = await created.json();
        if (recipients !== RECIPIENTS) throw new Error(`expected ${RECIPIENTS} recipients, counted ${recipients}`);
        const started = performance.now();
        const sent = await fetch(`${server.url}/api/admin/broadcasts/${id}/send`, { method: "POST", headers: admin, body: "{}" });
        if (sent.status !== 202) throw new Error(`send: ${sent.status}`);
        const taken = performance.now() - started;
        // The page is loaded while the batches queue; then the time until every row was queued.
        const during = await load(`${server.url}/`);
        let state = "sending";
        while (state !== "sent") {
          await new Promise((r) => setTimeout(r, 200));
          state = (await (await fetch(`${server.url}/api/admin/broadcasts/${id}`, { headers: admin })).json()).state;
        }
        const queued = performance.now() - started;
        const theirs = await load(`${bare.url}/`);
        console.log(
          `broadcasts: ${RECIPIENTS} recipients taken in ${Math.round(taken)} ms (the send request), all queued in ${(queued / 1000).toFixed(1)} s (${database}, batches of ${process.env.LIST_MAIL_BATCH_SIZE ?? 50})`,
        );
        const row = (name, ours) => ({
          page: name,
          conn: 50,
          "req/s": ours.rps,
          "bare req/s": theirs.rps,
          ratio: (ours.rps / Math.max(1, theirs.rps)).toFixed(2),
          "p50 ms": ours.p50,
          "p99 ms": ours.p99,
          errors: ours.errors,
        });
        return [
          row(`/ with nothing sent (${database})`, idle),
          row(`/ while ${RECIPIENTS} broadcast e-mails are queued (${database})`, during),
        ];
      } finally {
        await bare.stop();
      }
    } finally {
      await server.stop();
    }
  }).catch((error) => {
    console.error("broadcasts bench failed:", error);
    throw error;
  });
}

await runAlone(import.meta.url, broadcastRows);
