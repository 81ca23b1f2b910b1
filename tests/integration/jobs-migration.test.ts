import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminApi } from "../support/api";
import { waitFor } from "../support/eventually";
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from "../support/smtp";
import { createTestDatabase, makeTempDir, ROOT, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Upgrading a site whose two old queues (mail_outbox's delivery columns, discoverability_jobs) still hold
 * work: the database is migrated as the previous release left it (up to 0006), rows are written in the old
 * shape, and the new server migrates and runs every one of them: unsent mail is delivered, a pending IndexNow
 * ping is sent, a ping that had given up is kept as dead for the admin; nothing done is done again.
 */
const LAST_OLD_MIGRATION = 6;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A copy of ./drizzle whose journal stops at the previous release's last migration. */
function oldMigrations(): string {
  const dir = makeTempDir("migrations-");
  fs.cpSync(path.join(ROOT, "drizzle"), dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= LAST_OLD_MIGRATION);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const OLD_ROWS = `
  insert into mail_outbox (message_id, purpose, recipient, subject, text_body, html_body, attempts, next_attempt_at, last_error, sent_at) values
    ('<sent@clink.test>', 'test', 'a@clink.test', 'old-sent', 'x', '<p>x</p>', 1, now(), null, now()),
    ('<waiting@clink.test>', 'test', 'b@clink.test', 'old-waiting', 'y', '<p>y</p>', 3, now() - interval '1 minute', '451 try later', null),
    ('<spent@clink.test>', 'test', 'c@clink.test', 'old-spent', 'z', '<p>z</p>', 40, now() - interval '1 minute', '550 refused', null);
  insert into discoverability_jobs (kind, payload, attempts, run_after, last_error, done_at) values
    ('indexnow.post-changed', '{"url": "http://localhost:3000/blog/done-before"}', 1, now(), null, now()),
    ('indexnow.post-changed', '{"url": "http://localhost:3000/blog/pending-ping"}', 2, now() + interval '1 hour', 'HTTP 503', null),
    ('indexnow.post-changed', '{"url": "http://localhost:3000/blog/gave-up"}', 10, now(), 'HTTP 500', null);`;

async function oldDatabase(): Promise<{ dataDir?: string; databaseUrl?: string }> {
  if (usingPostgres()) {
    const databaseUrl = await createTestDatabase();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: oldMigrations() });
      await client.query(OLD_ROWS);
    } finally {
      await client.end();
    }
    return { databaseUrl };
  }
  const dataDir = makeTempDir();
  const client = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: oldMigrations() });
    await client.exec(OLD_ROWS);
  } finally {
    await client.close();
  }
  return { dataDir };
}

describe("upgrading from the two old queues", () => {
  it("moves every unfinished message and ping into jobs and runs them", async () => {
    const smtp: TestSmtp = await startTestSmtp();
    cleanups.push(() => smtp.close());
    const pinged: string[] = [];
    const indexNow = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        pinged.push(...(JSON.parse(body) as { urlList: string[] }).urlList);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => indexNow.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => indexNow.close(() => resolve())));

    const old = await oldDatabase();
    const server: TestServer = await startTestServer({
      ...old,
      env: {
        SEED_DEMO: "false",
        SMTP_URL: smtp.url,
        INDEXNOW_ENDPOINT: `http://127.0.0.1:${(indexNow.address() as AddressInfo).port}/indexnow`,
      },
    });
    cleanups.push(() => server.kill());

    const subjects = () => smtp.received.map((raw) => decodeQuotedPrintable(raw).match(/^Subject: (.*)$/m)?.[1]).sort();
    await waitFor(() => subjects().length >= 2, `the two unsent messages delivered\n${server.output().slice(-3000)}`);
    await waitFor(() => pinged.length >= 1, "the pending ping sent");
    const admin = await adminApi(server);
    const overview = (await (await admin.get("/api/admin/jobs")).json()) as {
      counts: Array<{ type: string; state: string; count: number }>;
      dead: Array<{ type: string; lastError: string }>;
    };
    expect(subjects()).toEqual(["old-spent", "old-waiting"]);
    // The moved ping was due in an hour under the old back-off; moved, it is due at once.
    expect(pinged).toEqual(["http://localhost:3000/blog/pending-ping"]);
    expect(overview.dead).toEqual([expect.objectContaining({ type: "indexnow.post-changed", lastError: "HTTP 500" })]);
    expect(overview.counts.filter((c) => c.type === "mail.deliver")).toEqual([{ type: "mail.deliver", state: "done", count: 2 }]);
  }, 240_000);
});
