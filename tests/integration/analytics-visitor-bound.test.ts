import { describe, expect, it } from "vitest";
import { VISITORS_PER_ADDRESS } from "~/analytics/counting.server";
import type { Api } from "../support/api";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";

/**
 * Issue 39: one address sending a new user agent with every beacon added a "unique visitor" each time (66 in
 * 3 s). An address adds at most VISITORS_PER_ADDRESS visitors a day; its page views all count, and other
 * addresses are not touched. Counted without keeping the address: its hash with the day's salt.
 */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { TRUST_PROXY: "loopback", SEED_DEMO: "false" } }, (site) => ({ server, admin } = site));

const PAGES = ["/", "/about", "/faq", "/blog", "/happy-hour", "/meetups", "/venue-map"];
const agent = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.0.0 Safari/537.36`;

const beacon = (path: string, address: string, userAgent: string) =>
  fetch(`${server.url}/api/analytics`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent, "x-forwarded-for": address },
    body: JSON.stringify({ path }),
  });

type Report = { visitors: number; pageviews: number; pages: Array<{ path: string; visitors: number }> };
async function report(): Promise<Report> {
  const day = new Date().toISOString().slice(0, 10);
  const res = await admin.get(`/api/admin/analytics?from=${day}&to=${day}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

describe("visitors per address", { timeout: 120_000 }, () => {
  it("one address rotating its user agent adds at most the bound; its views all count; another address is its own", async () => {
    // 19 user agents from one address, each on a page of its own turn (a client's few views a page a minute
    // are counted: 3 per page here), in two rounds written in separate batches.
    const rotating = Array.from({ length: 19 }, (_, n) => ({ path: PAGES[n % PAGES.length]!, userAgent: agent(n) }));
    for (const { path, userAgent } of rotating.slice(0, 8)) expect((await beacon(path, "198.51.100.80", userAgent)).status).toBe(202);
    expect((await report()).visitors).toBe(8); // under the bound, each user agent is a visitor
    for (const { path, userAgent } of rotating.slice(8)) expect((await beacon(path, "198.51.100.80", userAgent)).status).toBe(202);
    // The same user agents again on a page they were not on: no new visitors, whichever side of the bound.
    expect((await beacon("/meetups", "198.51.100.80", agent(0))).status).toBe(202);
    expect((await beacon("/venue-map", "198.51.100.80", agent(18))).status).toBe(202);
    // Two browsers behind another address: two visitors.
    for (const userAgent of [agent(0), agent(1)]) expect((await beacon("/", "198.51.100.81", userAgent)).status).toBe(202);

    const figures = await report();
    expect(figures.pageviews).toBe(19 + 2 + 2);
    expect(figures.visitors).toBe(VISITORS_PER_ADDRESS + 2);
    expect(VISITORS_PER_ADDRESS).toBeLessThan(19);
  });
});
