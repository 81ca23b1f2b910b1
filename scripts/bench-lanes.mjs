// Background work in lanes and imports in steps (issue 39, decision record 0047). Part of `npm run bench`;
// also runs alone: `npm run bench:lanes` (needs `npm run build`), on the embedded PGlite, or on PostgreSQL
// with BENCH_DATABASE_URL (a fresh database is made beside it and dropped at the end).
// - 300 new-post e-mails to seeded confirmed readers: the time until all are in the outbox, first with no
//   webhook endpoint, then with two receivers that accept and never answer subscribed to every event (each
//   attempt holds its delivery 10 s; retries after 3, 6, 12 s). Target: at most 1.5x the time without them.
// - A staff invitation sent while those receivers hang: the time until it is in the outbox. Target: < 5 s.
// - /healthz while the admin imports 10,000 redirect rules in one CSV request, beside a bare node:http server
//   answering the same bytes under the same load. Target: p99 < 100 ms.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { runAlone, seedSite, signIn, startSite, withScratchSite } from "./bench-server.mjs";

const READERS = 300;
const RULES = Number(process.env.BENCH_LANES_RULES ?? 10_000);
const EVERY_EVENT = ["post.published", "post.updated", "post.unpublished", "post.deleted", "submission.created", "subscriber.confirmed"];

/** The site, with webhooks allowed to reach this machine and retrying sooner, and the hourly budget out of the way. */
const startServer = (site) =>
  startSite(site, { LOG_LEVEL: "warn", WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOKS_RETRY_BASE_MS: "3000", PUBLIC_MAIL_HOURLY_BUDGET: "5000" }, { healthySeconds: 300 });

/** Accepts, reads, never answers. */
async function startSilentReceiver() {
  const server = http.createServer((request) => request.resume());
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
}

/** A bare node:http server answering /healthz's bytes. */
async function startBare(body) {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
}

const outboxCount = (dataDir, marker) => {
  const folder = path.join(dataDir, "outbox");
  if (!fs.existsSync(folder)) return 0;
  return fs.readdirSync(folder).filter((f) => f.endsWith(".eml") && fs.readFileSync(path.join(folder, f), "utf8").includes(marker)).length;
};

async function until(check, what, timeoutMs = 900_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not done in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A JSON request by node:http, which waits as long as the answer takes (fetch gives up after 300 s). */
function call(url, cookie, method, pathname, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url + pathname, { method, headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => (response.statusCode >= 300 ? reject(new Error(`${method} ${pathname}: ${response.statusCode} ${text}`)) : resolve(JSON.parse(text))));
    });
    request.on("error", reject);
    request.end(payload);
  });
}

/** Publishes a post and times its 300 e-mails into the outbox. */
async function timePostMail(server, dataDir, cookie, marker) {
  const started = performance.now();
  await call(server.url, cookie, "POST", "/api/blog", { title: `Lanes ${marker}`, author: "Bench", excerpt: "Bench.", content: "Bench.", category: "tips", tags: [], published: true });
  await until(() => outboxCount(dataDir, marker) >= READERS, `the ${READERS} e-mails of ${marker}`);
  return (performance.now() - started) / 1000;
}

const healthzLoad = (url, duration) => autocannon({ url: `${url}/healthz`, connections: 10, duration });

export function lanesRows() {
  return withScratchSite("lanes", async (site) => {
    const { dataDir, database } = site;
    const silent = [];
    let server;
    try {
      server = await startServer(site);
      await server.stop();
      await seedSite(
        site,
        `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at)
        select 'blog', 'reader' || i || '@bench.example', 'confirmed', '/blog', 'bench', now() from generate_series(1, ${READERS}) i`,
      );
      server = await startServer(site);
      const cookie = await signIn(server.url);

      const alone = await timePostMail(server, dataDir, cookie, "LBALONE");
      console.log(`lanes: ${READERS} e-mails without webhooks in ${alone.toFixed(1)} s`);
      for (let i = 0; i < 2; i++) {
        const receiver = await startSilentReceiver();
        silent.push(receiver);
        await call(server.url, cookie, "POST", "/api/admin/webhooks", { url: `${receiver.url}/never`, events: EVERY_EVENT, includePersonalData: false });
      }
      const inviteStarted = performance.now();
      const hanging = timePostMail(server, dataDir, cookie, "LBHANG");
      await call(server.url, cookie, "POST", "/api/admin/invitations", { email: "invitee@bench.example", role: "editor" });
      await until(() => outboxCount(dataDir, "invitee@bench.example") >= 1, "the invitation");
      const invited = (performance.now() - inviteStarted) / 1000;
      const withHanging = await hanging;
      console.log(`lanes: invitation in ${invited.toFixed(1)} s; ${READERS} e-mails beside 2 silent receivers in ${withHanging.toFixed(1)} s`);

      const csv = ["from,to,status", ...Array.from({ length: RULES }, (_, i) => `/old/bench-${i},/blog/bench-${i},301`)].join("\n");
      const load = healthzLoad(server.url, 1000);
      const importStarted = performance.now();
      const report = await call(server.url, cookie, "POST", "/api/admin/redirects/import", { format: "csv", content: csv });
      const importSeconds = (performance.now() - importStarted) / 1000;
      load.stop();
      const ours = await load;
      const healthBody = await (await fetch(`${server.url}/healthz`)).text();
      const bare = await startBare(healthBody);
      const theirs = await healthzLoad(bare.url, Math.max(3, Math.round(importSeconds)));
      await bare.close();
      if (report.imported !== RULES) throw new Error(`imported ${report.imported} of ${RULES}: ${report.problems.slice(0, 3).join("; ")}`);

      const rows = [
        { measure: `${READERS} new-post e-mails, no webhooks (${database})`, value: `${alone.toFixed(1)} s`, target: "" },
        { measure: `${READERS} new-post e-mails, 2 receivers that never answer (${database})`, value: `${withHanging.toFixed(1)} s (${(withHanging / alone).toFixed(2)}x)`, target: "<= 1.5x" },
        { measure: `staff invitation in the outbox while they hang (${database})`, value: `${invited.toFixed(1)} s`, target: "< 5 s" },
        { measure: `import of ${RULES} redirect rules, one CSV request (${database})`, value: `${importSeconds.toFixed(1)} s`, target: "" },
        {
          measure: `/healthz during the import, 10 conn (bare node:http: ${Math.round(theirs.requests.average)} req/s, p99 ${theirs.latency.p99} ms)`,
          value: `${Math.round(ours.requests.average)} req/s, p50 ${ours.latency.p50} ms, p99 ${ours.latency.p99} ms, max ${ours.latency.max} ms, ${ours.errors + ours.timeouts} errors`,
          target: "p99 < 100 ms",
        },
      ];
      for (const row of rows) console.log(JSON.stringify(row));
      return rows;
    } finally {
      await server?.stop();
      for (const receiver of silent) await receiver.close();
    }
  });
}

await runAlone(import.meta.url, lanesRows);
