import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { siteForSuite, type SuiteSite } from "../support/suite";

// A Prometheus text-format parser of its own (dev dependency, no types): what a scraper reads, we read.
type Family = {
  name: string;
  type: string;
  metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string> }>;
};
const parsePrometheus = createRequire(import.meta.url)("parse-prometheus-text-format") as (text: string) => Family[];

const TOKEN = "a-scraper-token-long-enough";
let site: SuiteSite;
siteForSuite({ env: { TRUST_PROXY: "loopback", METRICS_TOKEN: TOKEN } }, (s) => (site = s));

const metrics = (headers: Record<string, string> = {}) => fetch(`${site.server.url}/metrics`, { headers });

describe("/metrics", () => {
  it("answers this machine in the Prometheus text format, with the site's figures", async () => {
    for (let i = 0; i < 3; i++) await fetch(`${site.server.url}/about`);
    await fetch(`${site.server.url}/no-such-page`);
    const res = await metrics();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const families = new Map(parsePrometheus(await res.text()).map((f) => [f.name, f]));
    const requests = families.get("clink_http_requests_total")!;
    expect(requests.type).toBe("COUNTER");
    const pages = requests.metrics.filter((m) => m.labels?.route_class === "page");
    expect(pages.find((m) => m.labels?.status === "200")!.value).toMatch(/^[1-9]/);
    expect(pages.find((m) => m.labels?.status === "404")).toBeDefined();
    expect(families.get("clink_http_request_duration_seconds")!.type).toBe("HISTOGRAM");
    const cache = families.get("clink_front_cache_requests_total")!.metrics;
    expect(Number(cache.find((m) => m.labels?.result === "hit")?.value ?? 0)).toBeGreaterThan(0);
    for (const family of ["clink_batched_items_waiting", "clink_batched_items_dropped_total"]) {
      const writers = families
        .get(family)!
        .metrics.map((m) => m.labels?.writer)
        .sort();
      expect(writers, family).toEqual(["analytics hits", "crawler visits", "redirect hits", "web vitals"]);
    }
    for (const name of [
      "clink_jobs_queued",
      "clink_jobs_oldest_queued_age_seconds",
      "clink_jobs_dead",
      "clink_process_resident_memory_bytes",
      "clink_nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(families.has(name), name).toBe(true);
    }
  });

  it("counts the analytics events it did not count, by reason", async () => {
    const beacon = (path: string, userAgent: string) =>
      fetch(`${site.server.url}/api/analytics`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": userAgent },
        body: JSON.stringify({ path }),
      });
    expect((await beacon("/no-such-page", "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36")).status).toBe(400);
    expect((await beacon("/about", "curl/8.5.0")).status).toBe(202);
    expect((await beacon("/about", "curl/8.5.0")).status).toBe(202);
    const families = new Map(parsePrometheus(await (await metrics()).text()).map((f) => [f.name, f]));
    const dropped = families.get("clink_analytics_events_dropped_total")!;
    expect(dropped.type).toBe("COUNTER");
    const byReason = Object.fromEntries(dropped.metrics.map((m) => [m.labels!.reason, Number(m.value)]));
    expect(byReason).toMatchObject({ "not-a-public-page": 1, bot: 2 });
  });

  it("refuses a remote client, also when a proxy on this machine relays it, unless it brings the token", async () => {
    const relayed = await metrics({ "x-forwarded-for": "203.0.113.7" });
    expect(relayed.status).toBe(403);
    expect(await relayed.text()).not.toContain("clink_http_requests_total");
    expect((await metrics({ "x-forwarded-for": "203.0.113.7", authorization: "Bearer wrong-token-of-the-same-size" })).status).toBe(403);
    expect((await metrics({ "x-forwarded-for": "203.0.113.7", authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("is never answered from the front cache", async () => {
    await metrics();
    const again = await metrics();
    expect(again.headers.get("x-cache")).toBeNull();
    expect((await metrics({ "x-forwarded-for": "203.0.113.7" })).status).toBe(403);
  });
});
