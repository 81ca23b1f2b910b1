import { describe, expect, it } from "vitest";
import { crawlerNamed } from "./crawlers";
import { formatIp, isPublicAddress, parseIp, sameIp } from "~/core/network/ip-addresses";
import { forwardConfirmed, hostInDomains, type DnsLookups } from "./reverse-dns";

/** Lookups from a table: PTR names by address, addresses by name; "fail" throws as a timeout does. */
function table(ptr: Record<string, string[] | "fail">, forward: Record<string, string[] | "fail">): DnsLookups & { calls: string[] } {
  const calls: string[] = [];
  const answer = (value: string[] | "fail" | undefined) => {
    if (value === "fail") throw Object.assign(new Error("queryA ETIMEOUT"), { code: "ETIMEOUT" });
    return value ?? [];
  };
  return {
    calls,
    reverse: async (ip) => (calls.push(`PTR ${ip}`), answer(ptr[ip])),
    forward: async (host, family) => (calls.push(`${family === 4 ? "A" : "AAAA"} ${host}`), answer(forward[host])),
  };
}

describe("reverse DNS names", () => {
  it("lies in a domain only as a whole-label suffix, whatever the case and the trailing dot", () => {
    const google = crawlerNamed("Googlebot")!.reverseDns!;
    expect(hostInDomains("crawl-66-249-66-1.googlebot.com", google)).toBe(true);
    expect(hostInDomains("CRAWL-66-249-66-1.GoogleBot.com.", google)).toBe(true);
    expect(hostInDomains("rate-limited-proxy-66-249-90-77.google.com", google)).toBe(true);
    expect(hostInDomains("googlebot.com", google)).toBe(false); // the domain itself is no crawler's name
    expect(hostInDomains("crawl.notgooglebot.com", google)).toBe(false);
    expect(hostInDomains("crawl-66-249-66-1.googlebot.com.evil.example", google)).toBe(false);
    expect(hostInDomains("msnbot-157-55-39-1.search.msn.com", crawlerNamed("Bingbot")!.reverseDns!)).toBe(true);
    expect(hostInDomains("spider-5-255-253-1.yandex.com", crawlerNamed("YandexBot")!.reverseDns!)).toBe(true);
    expect(hostInDomains("3-81-245-78.crawl.amazonbot.amazon", crawlerNamed("Amazonbot")!.reverseDns!)).toBe(true);
    expect(hostInDomains("17-58-98-1.applebot.apple.com", crawlerNamed("Applebot")!.reverseDns!)).toBe(true);
    expect(hostInDomains("ec2-18-97-9-170.compute-1.amazonaws.com", crawlerNamed("CCBot")!.reverseDns!)).toBe(false);
  });
});

describe("forward-confirmed reverse DNS", () => {
  const yandex = crawlerNamed("YandexBot")!.reverseDns!;

  it("verifies an address whose PTR name is in the domain and resolves back to it", async () => {
    const dns = table({ "198.51.100.10": ["spider-198-51-100-10.yandex.com."] }, { "spider-198-51-100-10.yandex.com": ["198.51.100.10"] });
    expect(await forwardConfirmed("198.51.100.10", yandex, dns)).toBe("verified");
    expect(dns.calls).toEqual(["PTR 198.51.100.10", "A spider-198-51-100-10.yandex.com"]);
  });

  it("reads an IPv4-mapped address as IPv4 and an IPv6 one by its AAAA records", async () => {
    const v4 = table({ "198.51.100.10": ["spider.yandex.ru"] }, { "spider.yandex.ru": ["198.51.100.10"] });
    expect(await forwardConfirmed("::ffff:198.51.100.10", yandex, v4)).toBe("verified");
    const v6 = table({ "2001:db8:0:0:0:0:0:10": ["spider.yandex.net"] }, { "spider.yandex.net": ["2001:db8::10"] });
    expect(await forwardConfirmed("2001:db8::10", yandex, v6)).toBe("verified");
    expect(v6.calls).toEqual(["PTR 2001:db8:0:0:0:0:0:10", "AAAA spider.yandex.net"]);
  });

  it("does not verify a PTR name the forward lookup does not confirm, or one outside the domains", async () => {
    // Anyone can set their own address's PTR to a Yandex-looking name; only Yandex can make it resolve back.
    expect(
      await forwardConfirmed(
        "198.51.100.30",
        yandex,
        table({ "198.51.100.30": ["spider.yandex.com"] }, { "spider.yandex.com": ["5.255.253.1"] }),
      ),
    ).toBe("not-verified");
    const outside = table({ "198.51.100.31": ["spider.yandex.com.evil.example"] }, { "spider.yandex.com.evil.example": ["198.51.100.31"] });
    expect(await forwardConfirmed("198.51.100.31", yandex, outside)).toBe("not-verified");
    expect(outside.calls).toEqual(["PTR 198.51.100.31"]); // no forward lookup for a name outside the domains
    expect(await forwardConfirmed("203.0.113.50", yandex, table({}, {}))).toBe("not-verified");
    expect(await forwardConfirmed("not an address", yandex, table({}, {}))).toBe("not-verified");
  });

  it("says unknown, not no, when a lookup fails", async () => {
    expect(await forwardConfirmed("198.51.100.10", yandex, table({ "198.51.100.10": "fail" }, {}))).toBe("unknown");
    expect(await forwardConfirmed("198.51.100.10", yandex, table({ "198.51.100.10": ["a.yandex.ru"] }, { "a.yandex.ru": "fail" }))).toBe(
      "unknown",
    );
    // One name failing does not hide another that confirms.
    const mixed = table({ "198.51.100.10": ["a.yandex.ru", "b.yandex.ru"] }, { "a.yandex.ru": "fail", "b.yandex.ru": ["198.51.100.10"] });
    expect(await forwardConfirmed("198.51.100.10", yandex, mixed)).toBe("verified");
  });
});

describe("addresses", () => {
  it("writes addresses the way resolvers take them and compares them by value", () => {
    expect(formatIp(parseIp("::ffff:66.249.66.1")!)).toBe("66.249.66.1");
    expect(formatIp(parseIp("2001:4860:4801:10::1")!)).toBe("2001:4860:4801:10:0:0:0:1");
    expect(sameIp("2001:db8::1", "2001:DB8:0:0:0:0:0:1")).toBe(true);
    expect(sameIp("::ffff:198.51.100.1", "198.51.100.1")).toBe(true);
    expect(sameIp("198.51.100.1", "198.51.100.2")).toBe(false);
    expect(sameIp("x", "x")).toBe(false);
  });

  it("spends no lookup on loopback, private or link-local addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.1.1",
      "100.64.0.1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "junk",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ["66.249.66.1", "198.51.100.10", "2001:4860:4801:10::1", "172.32.0.1"]) expect(isPublicAddress(ip), ip).toBe(true);
  });
});
