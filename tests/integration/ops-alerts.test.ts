import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { adminApi, type Api } from "../support/api";
import { opsTarget, runOps } from "../support/ops";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { createTestDatabase, makeTempDir, startTestServer, TEST_ADMIN, usingPostgres } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

/** The owner's alert e-mail: one message per new problem, not one per event (issue 22). */
const track = serversStoppedAfterEach();

type Overview = { counts: Array<{ type: string; state: string; count: number }> };
const doneChecks = async (admin: Api) =>
  ((await (await admin.get("/api/admin/jobs")).json()) as Overview).counts
    .filter((c) => c.type === "ops.alerts" && c.state === "done")
    .reduce((n, c) => n + c.count, 0);

describe("the owner's alerts", { timeout: 180_000 }, () => {
  it("e-mails the owner once when backups fail, however often they fail", async () => {
    // BACKUP_DIR names a file, so no backup can be written.
    const dir = makeTempDir("alerts");
    const notAFolder = path.join(dir, "backups");
    fs.writeFileSync(notAFolder, "a file where the backup folder should be");
    const server = track(await startTestServer({ env: { BACKUP_DIR: notAFolder } }));
    const failed = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: notAFolder }));
    expect(failed.code).not.toBe(0);
    const alert = await waitForMail(server.dataDir, TEST_ADMIN.email, /needs your attention/);
    expect(alert.text).toContain("The last backup failed");
    const admin = await adminApi(server);

    // It fails again: the check runs again at once, and mails nothing new.
    await waitFor(async () => (await doneChecks(admin)) > 0 || undefined, "the first alert check to finish");
    const checksBefore = await doneChecks(admin);
    const again = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: notAFolder }));
    expect(again.code).not.toBe(0);
    await waitFor(async () => (await doneChecks(admin)) > checksBefore || undefined, "the alert check after the second failure");
    const alerts = outboxMessages(server.dataDir).filter((m) => m.to.includes(TEST_ADMIN.email) && /needs your attention/.test(m.subject));
    expect(alerts).toHaveLength(1);
  });
});

describe.runIf(usingPostgres())("alert checks that run at once (PostgreSQL: more than one connection)", { timeout: 180_000 }, () => {
  it("mail a new problem once, though each read the same notified set", async () => {
    const dir = makeTempDir("alerts-at-once");
    const notAFolder = path.join(dir, "backups");
    fs.writeFileSync(notAFolder, "a file where the backup folder should be");
    // Hold every write to the notified set from before the site starts: the start's failed backup and a failed
    // `npm run backup` each run a check, and both read the set (empty) before either may write to it.
    const databaseUrl = await createTestDatabase({ migrated: true });
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table ops_alerts in share row exclusive mode");
      const server = track(await startTestServer({ databaseUrl, env: { BACKUP_DIR: notAFolder } }));
      expect((await runOps(["backup"], opsTarget(server, { BACKUP_DIR: notAFolder }))).code).not.toBe(0);
      const waiting = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              "select count(*) as n from pg_locks where relation = 'ops_alerts'::regclass and not granted and pid <> pg_backend_pid()",
            )
          ).rows[0]!.n,
        );
      await waitFor(async () => (await waiting()) >= 2 || undefined, "two alert checks waiting to write what they found");
      await holder.query("commit");
      const admin = await adminApi(server);
      await waitFor(async () => (await doneChecks(admin)) >= 2 || undefined, "both checks to finish");
      const alerts = outboxMessages(server.dataDir).filter(
        (m) => m.to.includes(TEST_ADMIN.email) && /needs your attention/.test(m.subject),
      );
      expect(alerts).toHaveLength(1);
    } finally {
      await holder.end();
    }
  });
});
