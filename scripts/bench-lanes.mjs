// Background work in lanes (issue 39, decision record 0047). Part of `npm run bench`;
// also runs alone: `npm run bench:lanes` (needs `npm run build`), on the embedded PGlite, or on PostgreSQL
// with BENCH_DATABASE_URL (a fresh database is made beside it and dropped at the end).
// - 300 new-post e-mails to seeded confirmed readers: the time until all are in the outbox, first with no
//   webhook endpoint, then with two receivers that accept and never answer subscribed to every event (each
//   attempt holds its delivery 10 s; retries after 3, 6, 12 s). Target: at most 1.5x the time without them.
// - A staff invitation sent while those receivers hang and the 300 e-mails are all queued (one batch of
//   300, the first already out): the time until it is in the outbox, and how many of the mailing were still
//   waiting then. Target: < 5 s (list mail runs in a lane of its own, decision record 0052).
// (/healthz while 10,000 redirect rules are imported: scripts/bench-redirects.mjs.)
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { onPostgres } from "./bench-postgres.mjs";
import { benchDatabase, callJson as call, signIn, startBenchSite } from "./bench-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const READERS = 300;
const EVERY_EVENT = ["post.published", "post.updated", "post.unpublished", "post.deleted", "submission.created", "subscriber.confirmed"];
const LANES_ENV = {
  WEBHOOKS_ALLOW_PRIVATE: "true",
  WEBHOOKS_RETRY_BASE_MS: "3000",
  PUBLIC_MAIL_HOURLY_BUDGET: "5000",
  LIST_MAIL_BATCH_SIZE: String(READERS),
};
const startServer = (dataDir, databaseUrl) => startBenchSite(root, dataDir, databaseUrl, LANES_ENV);

/** Accepts, reads, never answers. */
async function startSilentReceiver() {
  const server = http.createServer((request) => request.resume());
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))),
  };
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

/** Publishes a post and times its 300 e-mails into the outbox. */
async function timePostMail(server, dataDir, cookie, marker) {
  const started = performance.now();
  await call(server.url, cookie, "POST", "/api/blog", {
    title: `Lanes ${marker}`,
    author: "Bench",
    excerpt: "Bench.",
    content: "Bench.",
    category: "tips",
    tags: [],
    published: true,
  });
  await until(() => outboxCount(dataDir, marker) >= READERS, `the ${READERS} e-mails of ${marker}`);
  return (performance.now() - started) / 1000;
}

export async function lanesRows() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-bench-lanes-"));
  const { databaseUrl, label: database, drop } = await benchDatabase("clink_bench_lanes");
  const silent = [];
  let server;
  try {
    server = await startServer(dataDir, databaseUrl);
    await server.stop();
    const seed = `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at)
      select 'blog', 'reader' || i || '@bench.example', 'confirmed', '/blog', 'bench', now() from generate_series(1, ${READERS}) i`;
    if (databaseUrl) await onPostgres(databaseUrl, (client) => client.query(seed));
    else {
      const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
      await db.exec(seed);
      await db.close();
    }
    server = await startServer(dataDir, databaseUrl);
    const cookie = await signIn(server.url);

    const alone = await timePostMail(server, dataDir, cookie, "LBALONE");
    console.log(`lanes: ${READERS} e-mails without webhooks in ${alone.toFixed(1)} s`);
    for (let i = 0; i < 2; i++) {
      const receiver = await startSilentReceiver();
      silent.push(receiver);
      await call(server.url, cookie, "POST", "/api/admin/webhooks", {
        url: `${receiver.url}/never`,
        events: EVERY_EVENT,
        includePersonalData: false,
      });
    }
    const hanging = timePostMail(server, dataDir, cookie, "LBHANG");
    await until(() => outboxCount(dataDir, "LBHANG") >= 1, "the mailing under way");
    const inviteStarted = performance.now();
    await call(server.url, cookie, "POST", "/api/admin/invitations", { email: "invitee@bench.example", role: "editor" });
    await until(() => outboxCount(dataDir, "invitee@bench.example") >= 1, "the invitation");
    const invited = (performance.now() - inviteStarted) / 1000;
    const stillWaiting = READERS - outboxCount(dataDir, "LBHANG");
    const withHanging = await hanging;
    console.log(
      `lanes: invitation in ${invited.toFixed(1)} s (${stillWaiting} of the mailing still waiting); ${READERS} e-mails beside 2 silent receivers in ${withHanging.toFixed(1)} s`,
    );

    const rows = [
      { measure: `${READERS} new-post e-mails, no webhooks (${database})`, value: `${alone.toFixed(1)} s`, target: "" },
      {
        measure: `${READERS} new-post e-mails, 2 receivers that never answer (${database})`,
        value: `${withHanging.toFixed(1)} s (${(withHanging / alone).toFixed(2)}x)`,
        target: "<= 1.5x",
      },
      {
        measure: `staff invitation in the outbox while they hang, sent with the mailing queued (${database})`,
        value: `${invited.toFixed(1)} s (${stillWaiting} of ${READERS} new-post e-mails still waiting)`,
        target: "< 5 s",
      },
    ];
    for (const row of rows) console.log(JSON.stringify(row));
    return rows;
  } finally {
    await server?.stop();
    for (const receiver of silent) await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  console.table(await lanesRows());
}
