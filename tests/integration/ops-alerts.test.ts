import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminApi, type Api } from "../support/api";
import { opsTarget, runOps } from "../support/ops";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { makeTempDir, startTestServer, TEST_ADMIN } from "../support/test-server";
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
