import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDns, type FakeDns } from "../../tests/support/fake-dns";
import { createReverseDnsVerifier } from "./crawler-dns.server";

// Node's real resolver against a DNS server on loopback: what the crawler log runs in production.
const YANDEX = ["yandex.ru", "yandex.net", "yandex.com"];
let dns: FakeDns;

beforeAll(async () => {
  dns = await startFakeDns({
    ptr: {
      "198.51.100.10": ["spider-198-51-100-10.yandex.com"],
      "198.51.100.30": ["spider-198-51-100-30.yandex.com"], // claims Yandex; Yandex's name does not point back
      "198.51.100.31": ["spider.yandex.com.evil.example"],
      "2001:db8::10": ["spider-v6.yandex.net"],
    },
    a: {
      "spider-198-51-100-10.yandex.com": ["198.51.100.10"],
      "spider-198-51-100-30.yandex.com": ["5.255.253.1"],
      "spider.yandex.com.evil.example": ["198.51.100.31"],
    },
    aaaa: { "spider-v6.yandex.net": ["2001:db8::10"] },
  });
});
afterAll(() => dns?.close());

const verifier = (options = {}) => createReverseDnsVerifier({ servers: [dns.server], timeoutMs: 1000, ...options });

describe("reverse DNS verification through a resolver", () => {
  it("confirms an address whose PTR name is the operator's and resolves back, over IPv4 and IPv6", async () => {
    const v = verifier();
    expect(await v.verify("198.51.100.10", YANDEX)).toBe(true);
    expect(await v.verify("2001:db8::10", YANDEX)).toBe(true);
  });

  it("refutes a PTR name the forward lookup does not confirm, one outside the domains, and an address with none", async () => {
    const v = verifier();
    expect(await v.verify("198.51.100.30", YANDEX)).toBe(false);
    expect(await v.verify("198.51.100.31", YANDEX)).toBe(false);
    expect(await v.verify("203.0.113.50", YANDEX)).toBe(false);
  });

  it("answers a known address from memory, without asking again, until the verdict expires", async () => {
    let clock = 1_000_000;
    const v = verifier({ verifiedTtlMs: 60_000, refutedTtlMs: 10_000, now: () => clock });
    dns.questions.length = 0;
    expect(v.cached("198.51.100.10", YANDEX)).toBeUndefined();
    expect(await v.verify("198.51.100.10", YANDEX)).toBe(true);
    expect(await v.verify("203.0.113.50", YANDEX)).toBe(false);
    const asked = dns.questions.length;
    expect(asked).toBe(3); // PTR + A, and one PTR
    expect(v.cached("198.51.100.10", YANDEX)).toBe(true);
    expect(await v.verify("198.51.100.10", YANDEX)).toBe(true);
    expect(await v.verify("203.0.113.50", YANDEX)).toBe(false);
    expect(dns.questions.length).toBe(asked);
    clock += 10_001; // the refusal expires first
    expect(v.cached("198.51.100.10", YANDEX)).toBe(true);
    expect(v.cached("203.0.113.50", YANDEX)).toBeUndefined();
    clock += 50_000;
    expect(v.cached("198.51.100.10", YANDEX)).toBeUndefined();
    expect(await v.verify("198.51.100.10", YANDEX)).toBe(true);
    expect(dns.questions.length).toBe(asked + 2);
  });

  it("asks once for the same address however many visits wait on it", async () => {
    const v = verifier();
    dns.questions.length = 0;
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => v.verify("198.51.100.10", YANDEX)));
    expect(verdicts.every(Boolean)).toBe(true);
    expect(dns.questions).toEqual(["PTR 10.100.51.198.in-addr.arpa", "A spider-198-51-100-10.yandex.com"]);
  });

  it("keeps a bounded number of verdicts, dropping the oldest", async () => {
    const v = verifier({ maxEntries: 2 });
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) await v.verify(ip, YANDEX);
    expect(v.size()).toBe(2);
    expect(v.cached("203.0.113.1", YANDEX)).toBeUndefined();
    expect(v.cached("203.0.113.3", YANDEX)).toBe(false);
  });

  it("gives up within its timeout when the server does not answer, and asks again soon after", async () => {
    let clock = 0;
    const v = verifier({ timeoutMs: 300, failedTtlMs: 5_000, now: () => clock });
    dns.silent = true;
    try {
      const started = performance.now();
      expect(await v.verify("198.51.100.10", YANDEX)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1500);
      expect(v.cached("198.51.100.10", YANDEX)).toBe(false);
    } finally {
      dns.silent = false;
    }
    clock += 5_001;
    expect(v.cached("198.51.100.10", YANDEX)).toBeUndefined();
    expect(await v.verify("198.51.100.10", YANDEX)).toBe(true);
  });
});
