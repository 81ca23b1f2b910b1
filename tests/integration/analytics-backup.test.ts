import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { addressHash, visitorHash } from "~/analytics/counting.server";
import { clientKey } from "~/core/network/ip-addresses";
import { adminApi } from "../support/api";
import { readRows } from "../support/database-rows";
import { opsTarget, runOps } from "../support/ops";
import { makeTempDir, startTestServer, type TestServer } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

/**
 * A backup archive taken after visits holds no visitor address and no user agent a visitor sent (issue 32),
 * and nothing that gives a visitor back (issue 39): no day's salt and no visitor hash, so sha256(salt,
 * address, user agent, site) cannot be recomputed from the archive alone. The salt itself is gone the next day.
 */
const track = serversStoppedAfterEach();

// Unusual enough that finding them in the archive can only mean they were stored.
const ADDRESS = "203.0.113.197";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Probe7f3a9c";
const OTHER_AGENT =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15 Probe2b";
const ENV = { TRUST_PROXY: "loopback", SEED_DEMO: "false" };

const visit = (server: TestServer, body: unknown, userAgent = USER_AGENT) =>
  fetch(`${server.url}/api/analytics`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent, "x-forwarded-for": ADDRESS },
    body: JSON.stringify(body),
  });

/** Visits from one address with two browsers, counted (the report flushes the buffered visits). */
async function visitsCounted(server: TestServer): Promise<void> {
  expect((await visit(server, { path: "/", ref: "chatgpt.com", screen: "desktop" })).status).toBe(202);
  expect((await visit(server, { path: "/faq", utm_source: "news", utm_medium: "email", utm_campaign: "launch" })).status).toBe(202);
  expect((await visit(server, { path: "/", goal: "app-store" })).status).toBe(202);
  expect((await visit(server, { path: "/about" }, OTHER_AGENT)).status).toBe(202);
  const admin = await adminApi(server);
  const day = new Date().toISOString().slice(0, 10);
  const report = (await (await admin.get(`/api/admin/analytics?from=${day}&to=${day}`)).json()) as { visitors: number; pageviews: number };
  expect(report).toMatchObject({ visitors: 2, pageviews: 3 });
}

async function backupText(server: TestServer, backups: string): Promise<string> {
  const backup = await runOps(["backup"], opsTarget(server, { BACKUP_DIR: backups }));
  expect(backup.code).toBe(0);
  const archive = backup.output.match(/Backup written: (\S+\.jsonl\.gz)/)![1]!;
  return gunzipSync(fs.readFileSync(archive)).toString("utf8");
}

/** Every string an archive's rows hold (each a candidate salt for the attacker). */
function stringsOf(text: string): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") found.add(value);
    else if (value && typeof value === "object") for (const inner of Object.values(value)) walk(inner);
  };
  for (const line of text.split("\n")) if (line.trim()) walk(JSON.parse(line));
  return found;
}

describe("a backup taken after visits", { timeout: 240_000 }, () => {
  it("contains no visitor address and no user agent string", async () => {
    const backups = makeTempDir("ops");
    const server = track(await startTestServer({ env: { ...ENV, BACKUP_DIR: backups } }));
    await visitsCounted(server);
    const text = await backupText(server, backups);
    expect(text).toContain("analytics_daily"); // the counts are in it…
    const holding = (needle: string) =>
      text
        .split("\n")
        .filter((line) => line.includes(needle))
        .map((line) => line.slice(0, 200));
    expect(holding(ADDRESS)).toEqual([]); // …the address is not,
    expect(holding("Probe7f3a9c")).toEqual([]); // nor the user agent
  });

  it("gives no visitor back: no salt and no visitor hash to recompute from the archive alone", async () => {
    const backups = makeTempDir("ops");
    const server = track(await startTestServer({ env: { ...ENV, BACKUP_DIR: backups } }));
    await visitsCounted(server);
    const text = await backupText(server, backups);
    // The attack of issue 39: every string of the archive tried as the day's salt, with the address and the
    // user agents the attacker knows, for the site's host; a hit anywhere in the archive re-identifies.
    const sites = ["localhost:3000", new URL(server.url).host];
    const address = clientKey(ADDRESS);
    const candidates = stringsOf(text);
    const found: string[] = [];
    for (const salt of candidates) {
      for (const site of sites) {
        for (const hash of [
          visitorHash(salt, address, USER_AGENT, site),
          visitorHash(salt, address, OTHER_AGENT, site),
          addressHash(salt, address, site),
        ]) {
          if (text.includes(hash)) found.push(`${salt.slice(0, 12)}… -> ${hash}`);
        }
      }
    }
    expect(candidates.size).toBeGreaterThan(50); // the attack had material to try
    expect(found).toEqual([]);
    const tables = text
      .split("\n")
      .filter((line) => line.startsWith('{"table"'))
      .map((line) => (JSON.parse(line) as { table: string }).table);
    expect(tables).toContain("analytics_daily");
    expect(tables.filter((t) => t === "analytics_salts" || t === "analytics_visitor_days")).toEqual([]);
  });

  it("outlives no day's salt: the next day's first visit erases the day before's", async () => {
    let server = track(await startTestServer({ env: ENV }));
    expect((await visit(server, { path: "/" })).status).toBe(202);
    expect(await server.stop()).toBe(0); // a clean stop writes the buffered visit
    const today = await readRows(server, { salts: "select to_char(day, 'YYYY-MM-DD') as day, salt from analytics_salts" });
    expect(today.salts).toHaveLength(1);
    const salt = (today.salts as Array<{ salt: string }>)[0]!.salt;

    // The same site a day later (its clock moved, as faketime does).
    server = track(await startTestServer({ env: ENV, dataDir: server.dataDir, databaseUrl: server.databaseUrl, faketime: "+1d" }));
    expect((await visit(server, { path: "/faq" })).status).toBe(202);
    expect(await server.stop()).toBe(0);
    const next = await readRows(server, { salts: "select to_char(day, 'YYYY-MM-DD') as day, salt from analytics_salts" });
    expect(next.salts).toHaveLength(1);
    expect((next.salts as Array<{ day: string; salt: string }>)[0]!.salt).not.toBe(salt);
    expect(JSON.stringify(next.salts)).not.toContain(salt);
  });
});
