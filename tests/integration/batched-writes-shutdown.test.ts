import { afterAll, expect, it } from "vitest";
import { signInCookie, startTestServer, type TestServer } from "../support/test-server";

// The crawler log and the vitals wait in memory up to a second before they are written
// (app/core/limits/batched-writer.server.ts): a clean stop writes what waits, so a restart finds it.
const ENV = { TRUST_PROXY: "loopback" };
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)";

let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
});

type Stats = {
  crawler_activity: Record<string, { pages_crawled: number }>;
  performance_metrics: { field_data: { pages: Array<{ page: string; metrics: Record<string, { samples: number }> }> } };
};

it("writes the crawler visits and vitals still waiting when the server stops cleanly", async () => {
  server = await startTestServer({ env: ENV });
  const { dataDir, databaseUrl } = server;
  // A crawler's visit (claimed: a documentation address, outside every published range) and a beacon.
  const visit = await fetch(`${server.url}/faq`, { headers: { "user-agent": GPTBOT, "x-forwarded-for": "192.0.2.50" } });
  expect(visit.status).toBe(200);
  const beacon = await fetch(`${server.url}/api/vitals`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.51" },
    body: JSON.stringify({ page: "/faq", metrics: [{ name: "LCP", value: 1500 }] }),
  });
  expect(beacon.status).toBe(202);
  expect(await server.stop()).toBe(0);

  server = await startTestServer({ env: ENV, dataDir, databaseUrl });
  const cookie = await signInCookie(server);
  const stats = (await (await fetch(`${server.url}/api/crawler-stats`, { headers: { cookie } })).json()) as Stats;
  expect(stats.crawler_activity.GPTBot!.pages_crawled).toBe(1);
  expect(stats.performance_metrics.field_data.pages.find((p) => p.page === "/faq")?.metrics.LCP?.samples).toBe(1);
});
