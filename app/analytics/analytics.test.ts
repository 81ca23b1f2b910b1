import { describe, expect, it } from "vitest";
import { analyticsBeaconSchema, screenClass } from "./beacon";
import { addressHash, notCounted, visitorHash } from "./counting.server";
import { figuresOf } from "./figures";
import { daysOf } from "~/core/text/utc-days";
import { analyticsQuerySchema } from "./report";
import { classifySource, normalizeHost } from "./sources";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("classifySource", () => {
  it("groups the AI assistants the issue names, by referrer host and by utm_source", () => {
    for (const host of ["chatgpt.com", "chat.openai.com", "www.chatgpt.com"])
      expect(classifySource({ referrerHost: host })).toEqual({ name: "ChatGPT", kind: "ai" });
    expect(classifySource({ referrerHost: "www.perplexity.ai" })).toEqual({ name: "Perplexity", kind: "ai" });
    expect(classifySource({ referrerHost: "gemini.google.com" })).toEqual({ name: "Gemini", kind: "ai" });
    expect(classifySource({ referrerHost: "copilot.microsoft.com" })).toEqual({ name: "Copilot", kind: "ai" });
    expect(classifySource({ referrerHost: "claude.ai" })).toEqual({ name: "Claude", kind: "ai" });
    expect(classifySource({ utmSource: "chatgpt.com" })).toEqual({ name: "ChatGPT", kind: "ai" });
    // An assistant's utm wins over the referrer a browser may add.
    expect(classifySource({ utmSource: "chatgpt.com", referrerHost: "www.google.com" }).kind).toBe("ai");
  });

  it("knows search engines (Google in every country), social networks, e-mail, direct and other", () => {
    for (const host of ["www.google.com", "google.co.uk", "www.google.de"])
      expect(classifySource({ referrerHost: host })).toEqual({ name: "Google", kind: "search" });
    expect(classifySource({ referrerHost: "gemini.google.com" }).kind).toBe("ai"); // not Google search
    expect(classifySource({ referrerHost: "google.evil.example" })).toEqual({ name: "google.evil.example", kind: "other" });
    expect(classifySource({ referrerHost: "t.co" })).toEqual({ name: "X", kind: "social" });
    expect(classifySource({ referrerHost: "l.facebook.com" })).toEqual({ name: "Facebook", kind: "social" });
    expect(classifySource({ utmMedium: "email", utmSource: "spring-letter" })).toEqual({ name: "E-mail", kind: "email" });
    expect(classifySource({})).toEqual({ name: "Direct", kind: "direct" });
    expect(classifySource({ referrerHost: "blog.example.org:8443" })).toEqual({ name: "blog.example.org", kind: "other" });
    expect(classifySource({ utmSource: "poster" })).toEqual({ name: "poster", kind: "other" });
    expect(classifySource({ referrerHost: "clink.app", siteHost: "clink.app" })).toEqual({ name: "Direct", kind: "direct" });
  });

  it("accepts only host names as hosts", () => {
    expect(normalizeHost("WWW.Example.COM.")).toBe("example.com");
    expect(normalizeHost("exa mple.com")).toBe("");
    expect(normalizeHost("<script>")).toBe("");
  });
});

describe("what is counted", () => {
  it("leaves out crawlers, headless browsers, prefetches and Global Privacy Control", () => {
    expect(notCounted({ userAgent: CHROME })).toBeNull();
    expect(notCounted({ userAgent: "Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)" })).toBe("bot");
    expect(notCounted({ userAgent: "Mozilla/5.0 HeadlessChrome/140.0.0.0" })).toBe("bot");
    expect(notCounted({ userAgent: "" })).toBe("bot");
    expect(notCounted({ userAgent: CHROME, secPurpose: "prefetch;prerender" })).toBe("prefetch");
    expect(notCounted({ userAgent: CHROME, purpose: "prefetch" })).toBe("prefetch");
    expect(notCounted({ userAgent: CHROME, secGpc: "1" })).toBe("gpc");
    expect(notCounted({ userAgent: CHROME, secGpc: "0" })).toBeNull();
  });

  it("hashes a visitor with the day's salt: the same inputs agree, another salt, address or agent does not", () => {
    const a = visitorHash("salt-1", "198.51.100.1", CHROME, "clink.app");
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash("salt-1", "198.51.100.1", CHROME, "clink.app")).toBe(a);
    expect(visitorHash("salt-2", "198.51.100.1", CHROME, "clink.app")).not.toBe(a);
    expect(visitorHash("salt-1", "198.51.100.2", CHROME, "clink.app")).not.toBe(a);
    expect(visitorHash("salt-1", "198.51.100.1", `${CHROME} x`, "clink.app")).not.toBe(a);
    expect(a).not.toContain("198");
  });

  it("hashes an address of the day apart from its visitors: without the user agent, never equal to a visitor's hash", () => {
    const address = addressHash("salt-1", "198.51.100.1", "clink.app");
    expect(address).toMatch(/^[0-9a-f]{32}$/);
    expect(addressHash("salt-1", "198.51.100.1", "clink.app")).toBe(address);
    expect(addressHash("salt-2", "198.51.100.1", "clink.app")).not.toBe(address);
    expect(address).not.toBe(visitorHash("salt-1", "198.51.100.1", "", "clink.app"));
    expect(address).not.toBe(visitorHash("salt-1", "198.51.100.1", "address", "clink.app"));
  });

  it("counts a page view in its page, source, campaign and AI figures, a goal in its own", () => {
    const base = { day: "2026-11-26", visitor: "v", address: "a", at: 0, path: "/faq", sourceSaid: true, views: 1 };
    expect(figuresOf({ ...base, source: { name: "ChatGPT", kind: "ai" }, campaign: "a\tb\tc" }).map((f) => f.dimension)).toEqual([
      "site",
      "page",
      "source",
      "campaign",
      "ai-page",
    ]);
    expect(figuresOf({ ...base }).map((f) => f.dimension)).toEqual(["site", "page"]);
    expect(figuresOf({ ...base, goal: "app-store" })).toEqual([
      { dimension: "goal", key: "app-store" },
      { dimension: "goal-page", key: "app-store\t/faq" },
    ]);
  });
});

describe("the beacon and the range", () => {
  it("takes a path, the referrer host, utm values, a screen class and a goal, nothing else", () => {
    expect(
      analyticsBeaconSchema.safeParse({ path: "/blog/x", ref: "chatgpt.com", utm_source: "chatgpt.com", screen: "mobile" }).success,
    ).toBe(true);
    for (const bad of [
      {},
      { path: "x" },
      { path: "/a?b" },
      { path: "/a", goal: "buy" },
      { path: "/a", ip: "1.2.3.4" },
      { path: `/${"a".repeat(300)}` },
    ]) {
      expect(analyticsBeaconSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect([320, 800, 1280].map(screenClass)).toEqual(["mobile", "tablet", "desktop"]);
  });

  it("reads a range of whole days, both included, and refuses a reversed or impossible one", () => {
    expect(analyticsQuerySchema.parse({ from: "2026-11-01", to: "2026-11-03" })).toEqual({ from: "2026-11-01", to: "2026-11-03" });
    expect(daysOf("2026-02-27", "2026-03-01")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(analyticsQuerySchema.safeParse({ from: "2026-11-04", to: "2026-11-03" }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: "2026-02-30", to: "2026-03-03" }).success).toBe(false);
  });
});
