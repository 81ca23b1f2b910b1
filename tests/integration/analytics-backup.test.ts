import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { adminApi } from "../support/api";
import { opsTarget, runOps } from "../support/ops";
import { makeTempDir, startTestServer } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

/**
 * Issue 32: a backup archive taken after visits holds no visitor address and no user agent a visitor sent:
 * the collector keeps only counts and the day's salted hashes, and a backup copies the database.
 */
const track = serversStoppedAfterEach();

// Unusual enough that finding them in the archive can only mean they were stored.
const ADDRESS = "203.0.113.197";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Probe7f3a9c";

describe("a backup taken after visits", { timeout: 240_000 }, () => {
  it("contains no visitor address and no user agent string", async () => {
    const backups = makeTempDir("ops");
    const server = track(await startTestServer({ env: { TRUST_PROXY: "loopback", SEED_DEMO: "false", BACKUP_DIR: backups } }));
    const visit = (body: unknown) =>
      fetch(`${server.url}/api/analytics`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": USER_AGENT, "x-forwarded-for": ADDRESS },
        body: JSON.stringify(body),
      });
    expect((await visit({ path: "/", ref: "chatgpt.com", screen: "desktop" })).status).toBe(202);
    expect((await visit({ path: "/faq", utm_source: "news", utm_medium: "email", utm_campaign: "launch" })).status).toBe(202);
    expect((await visit({ path: "/", goal: "app-store" })).status).toBe(202);
    const admin = await adminApi(server);
    const day = new Date().toISOString().slice(0, 10);
    // Counted (the report flushes the buffered visits), so the backup is taken with them in the database.
    const report = (await (await admin.get(`/api/admin/analytics?from=${day}&to=${day}`)).json()) as { visitors: number; pageviews: number };
    expect(report).toMatchObject({ visitors: 1, pageviews: 2 });

    const backup = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: backups }));
    expect(backup.code).toBe(0);
    const archive = backup.output.match(/Backup written: (\S+\.jsonl\.gz)/)![1]!;
    const text = gunzipSync(fs.readFileSync(archive)).toString("utf8");
    expect(text).toContain("analytics_daily"); // the counts are in it…
    const holding = (needle: string) => text.split("\n").filter((line) => line.includes(needle)).map((line) => line.slice(0, 200));
    expect(holding(ADDRESS)).toEqual([]); // …the address is not,
    expect(holding("Probe7f3a9c")).toEqual([]); // nor the user agent
  });
});
