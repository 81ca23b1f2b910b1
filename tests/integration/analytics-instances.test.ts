import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Two instances on one PostgreSQL add up to the same figures as one: the day's salt is shared through the
 * database, so the same visitor seen by both counts once; each instance's page views add up.
 * (PGlite is one process's database: there is no second instance to start on it.)
 */
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const env = { TRUST_PROXY: "loopback", SEED_DEMO: "false" };
let first: TestServer;
let second: TestServer | undefined;
let admin: Api;

beforeAll(async () => {
  first = await startTestServer({ env });
  if (usingPostgres()) second = await startTestServer({ databaseUrl: first.databaseUrl, env });
  admin = await adminApi(first);
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const beacon = (server: TestServer, path: string, ip: string, ref?: string) =>
  fetch(`${server.url}/api/analytics`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, "x-forwarded-for": ip },
    body: JSON.stringify({ path, ref }),
  });

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL", () => {
  it("add up page views and count a visitor seen by both once", async () => {
    const servers = [first, second!];
    // Visitor A: a page view of /about on each instance, and /faq on the first; visitor B: one on the second, from Bing.
    for (const server of servers) expect((await beacon(server, "/about", "198.51.100.50", "www.google.com")).status).toBe(202);
    expect((await beacon(first, "/faq", "198.51.100.50", "www.google.com")).status).toBe(202);
    expect((await beacon(second!, "/about", "198.51.100.51", "bing.com")).status).toBe(202);
    // Each instance writes its batch within seconds; the report flushes only its own, so stop the second.
    expect(await second!.stop()).toBe(0);
    second = undefined;
    const day = new Date().toISOString().slice(0, 10);
    const res = await admin.get(`/api/admin/analytics?from=${day}&to=${day}`);
    const report = (await res.json()) as {
      visitors: number;
      pageviews: number;
      pages: Array<{ path: string; visitors: number }>;
      sources: Array<{ name: string; visitors: number }>;
    };
    expect(report.pages.map((p) => [p.path, p.visitors])).toEqual([
      ["/about", 2],
      ["/faq", 1],
    ]);
    expect({ visitors: report.visitors, pageviews: report.pageviews }).toEqual({ visitors: 2, pageviews: 4 });
    expect(report.sources.map((s) => [s.name, s.visitors])).toEqual([
      ["Bing", 1],
      ["Google", 1],
    ]);
    // Nothing the analytics tables hold names an address or a user agent.
    const [dump] = await queryTestDatabase<{ text: string }>(
      first.databaseUrl!,
      "select (select coalesce(json_agg(d), '[]') from analytics_daily d)::text || (select coalesce(json_agg(v), '[]') from analytics_visitor_days v)::text || (select coalesce(json_agg(s), '[]') from analytics_salts s)::text as text",
    );
    expect(dump!.text).toContain("/about");
    for (const secret of ["198.51.100.50", "198.51.100.51", "Macintosh", "Safari"]) expect(dump!.text).not.toContain(secret);
  });

  it("share a client's bound per page through the database: what one instance counted, the other refuses", async () => {
    // Beacons are limited in each instance's memory and shared a second later (app/core/limits/batched-rate-limit.server.ts).
    second ??= await startTestServer({ databaseUrl: first.databaseUrl, env });
    const ip = "198.51.100.60";
    const points = async () =>
      (
        await queryTestDatabase<{ points: number }>(
          first.databaseUrl!,
          "select points from rate_limits where key like 'analyticsByClientPage:%198.51.100.60 view /meetups'",
        )
      )[0]?.points;
    // The first instance counts its 3 page views a minute for this client and page; the 4th is not counted.
    for (let i = 0; i < 4; i++) expect((await beacon(first, "/meetups", ip)).status).toBe(202);
    await eventually(async () => expect(await points()).toBe(3));
    // The second has not seen the client: it counts one, learns at its write that the page's bound is spent...
    expect((await beacon(second, "/meetups", ip)).status).toBe(202);
    await eventually(async () => expect(await points()).toBe(4));
    // ...and counts no more (a limit in one process's memory alone would have counted 3 here).
    for (let i = 0; i < 5; i++) expect((await beacon(second, "/meetups", ip)).status).toBe(202);
    expect(await second.stop()).toBe(0);
    second = undefined;
    const day = new Date().toISOString().slice(0, 10);
    const report = (await (await admin.get(`/api/admin/analytics?from=${day}&to=${day}`)).json()) as {
      pages: Array<{ path: string; pageviews: number; visitors: number }>;
    };
    expect(report.pages.find((p) => p.path === "/meetups")).toMatchObject({ pageviews: 4, visitors: 1 });
  });
});
