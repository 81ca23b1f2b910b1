import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { adminApi } from "../support/api";
import { readRows } from "../support/database-rows";
import { waitFor } from "../support/eventually";
import { startTestServer, type TestServer } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

/** The admin's System tab: vital signs with a week's history, the last backup, "Back up now" and the owner's download (issue 22). */
type Overview = {
  now: Record<string, number>;
  instance: string;
  samples: number;
  history: Array<{ at: string; values: Record<string, number | null> }>;
  backup: { status: string; bytes: number | null; fileName: string | null; finishedAt: string | null } | null;
};

const track = serversStoppedAfterEach();

async function overview(server: TestServer): Promise<Overview> {
  const admin = await adminApi(server);
  const answer = await admin.get("/api/admin/system");
  expect(answer.status).toBe(200);
  return (await answer.json()) as Overview;
}

describe("the System tab's figures", { timeout: 240_000 }, () => {
  it("samples the vital signs through the job runner, keeps a week of them and drops older ones", async () => {
    const server = track(await startTestServer());
    // The schedule's first period runs at start: one sample, with the site's and this instance's figures.
    const first = await waitFor(async () => {
      const o = await overview(server);
      return o.samples >= 1 ? o : undefined;
    }, "the first system sample");
    expect(first.now.memoryMb).toBeGreaterThan(20);
    expect(first.now.jobsWaiting).toBeGreaterThanOrEqual(0);
    expect(first.now.diskUsedPercent).toBeGreaterThan(0);
    expect(first.now.databaseMb).toBeGreaterThan(0);
    expect(first.history).toHaveLength(1);
    expect(first.history[0]!.values.memoryMb).toBeGreaterThan(20);

    // Two days ago the site ran lighter; ten days ago is past the week. The next period's sample drops the old one.
    await server.stop();
    const { dataDir, databaseUrl } = server;
    await readRows(server, {
      recent: `insert into system_samples (taken_at, values) values (now() - interval '2 days', '{"memoryMb": 123, "jobsWaiting": 4}')`,
      old: `insert into system_samples (taken_at, values) values (now() - interval '10 days', '{"memoryMb": 999}')`,
      // As if the current 5-minute period had not been sampled yet: the restart catches it up.
      period: `delete from jobs where idempotency_key like 'schedule:ops.system-sample:%'`,
    });
    const again = track(await startTestServer({ dataDir, databaseUrl }));
    const later = await waitFor(async () => {
      const o = await overview(again);
      return o.samples >= 3 ? o : undefined;
    }, "the sample after the restart");
    expect(later.history.length).toBeGreaterThanOrEqual(2);
    expect(later.history[0]!.values.memoryMb).toBe(123);
    expect(later.history[0]!.values.jobsWaiting).toBe(4);
    expect(Math.max(...later.history.map((p) => p.values.memoryMb ?? 0))).toBeLessThan(999);
    await again.stop();
    const rows = await readRows(again, { old: `select count(*)::int as n from system_samples where taken_at < now() - interval '7 days'` });
    expect(rows.old).toEqual([{ n: 0 }]);
  });

  it("queues a backup on request, shows its result, and lets the owner download the archive", async () => {
    const server = track(await startTestServer());
    const owner = await adminApi(server);
    // The first start's daily backup may still be running: one more is queued or reported waiting.
    const queued = await owner.call("POST", "/api/admin/backups");
    expect(queued.status).toBe(202);
    const done = await waitFor(async () => {
      const o = await overview(server);
      return o.backup?.status === "succeeded" ? o : undefined;
    }, "a backup to succeed");
    expect(done.backup!.bytes).toBeGreaterThan(100);

    const download = await owner.get("/api/admin/backups/latest");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="clink-backup-.+\.jsonl\.gz"$/);
    expect(download.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await download.arrayBuffer());
    // The archive itself: gzip of JSON lines, the header first and the manifest last.
    const lines = gunzipSync(bytes).toString("utf8").trim().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: "clink-backup" });
    expect(JSON.parse(lines.at(-1)!)).toHaveProperty("manifest.tables.blog_posts");

    // The archives are gone from the folder (pruned, or a disk replaced): the download says so.
    const folder = path.join(server.dataDir, "backups");
    for (const name of fs.readdirSync(folder)) fs.rmSync(path.join(folder, name), { force: true });
    const none = await owner.get("/api/admin/backups/latest");
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toMatch(/No backup to download yet/);
  });
});
