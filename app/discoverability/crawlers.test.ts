import { describe, expect, it } from "vitest";
import { inPublishedRanges, RANGE_LISTS } from "./crawler-verification";
import { crawlerNamed, KNOWN_CRAWLERS, recognizeCrawler } from "./crawlers";
import { inRanges, parseCidr, parseIp } from "~/core/network/ip-addresses";

// User agents as the operators document them.
const AGENTS: Record<string, string> = {
  Googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  Bingbot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  Applebot:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  DuckDuckBot: "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
  YandexBot: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  GPTBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
  "OAI-SearchBot": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
  "ChatGPT-User": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  ClaudeBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Claude-User": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
  "Claude-SearchBot":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)",
  PerplexityBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
  "Perplexity-User":
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
  CCBot: "CCBot/2.0 (https://commoncrawl.org/faq/)",
  Bytespider:
    "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
  Amazonbot:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)",
  "meta-externalagent": "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
  "Applebot-Extended": "Mozilla/5.0 (compatible; Applebot-Extended/0.1; +http://www.apple.com/go/applebot)",
};

describe("recognizeCrawler", () => {
  it.each(Object.entries(AGENTS))("recognises %s by its documented user agent", (name, ua) => {
    expect(recognizeCrawler(ua)?.name).toBe(name);
  });

  it("knows every crawler the issue lists, and has a user agent test for each", () => {
    expect(KNOWN_CRAWLERS.map((c) => c.name).sort()).toEqual(Object.keys(AGENTS).sort());
  });

  it("does not take browsers or look-alike words for crawlers", () => {
    expect(
      recognizeCrawler("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"),
    ).toBeNull();
    expect(recognizeCrawler("")).toBeNull();
    expect(recognizeCrawler("NotGooglebotAtAll/1.0")).toBeNull();
    expect(recognizeCrawler("Claude-Userland/1.0")).toBeNull();
  });

  it("finds crawlers by name whatever the case", () => {
    expect(crawlerNamed("gptbot")?.name).toBe("GPTBot");
  });
});

describe("IP ranges", () => {
  it("parses IPv4, IPv6 and IPv4-mapped IPv6 addresses", () => {
    expect(parseIp("66.249.64.5")).toEqual({ family: 4, value: (66n << 24n) | (249n << 16n) | (64n << 8n) | 5n });
    expect(parseIp("::ffff:66.249.64.5")).toEqual(parseIp("66.249.64.5"));
    expect(parseIp("2001:4860:4801:10::1")?.family).toBe(6);
    expect(parseIp("not an ip")).toBeNull();
    expect(parseIp("256.1.1.1")).toBeNull();
    expect(parseCidr("10.0.0.0/33")).toBeNull();
  });

  it("tests membership at the range's edges", () => {
    const ranges = [parseCidr("66.249.64.0/27")!, parseCidr("2001:4860:4801:10::/64")!];
    expect(inRanges("66.249.64.0", ranges)).toBe(true);
    expect(inRanges("66.249.64.31", ranges)).toBe(true);
    expect(inRanges("66.249.64.32", ranges)).toBe(false);
    expect(inRanges("::ffff:66.249.64.7", ranges)).toBe(true);
    expect(inRanges("2001:4860:4801:10:ffff::1", ranges)).toBe(true);
    expect(inRanges("2001:4860:4801:11::1", ranges)).toBe(false);
  });
});

// One address inside each operator's published list, and the crawlers it verifies.
const PUBLISHED: Array<[crawler: string, ip: string]> = [
  ["Googlebot", "66.249.66.1"],
  ["Bingbot", "157.55.39.10"],
  ["Applebot", "17.241.208.170"],
  ["Applebot-Extended", "17.241.208.171"],
  ["DuckDuckBot", "20.191.45.212"],
  ["GPTBot", "20.171.206.10"],
  ["OAI-SearchBot", "51.8.102.7"],
  ["ChatGPT-User", "23.98.142.180"],
  ["ClaudeBot", "216.73.216.5"],
  ["Claude-User", "216.73.216.6"],
  ["Claude-SearchBot", "216.73.216.7"],
  ["PerplexityBot", "107.20.236.150"],
  ["Perplexity-User", "44.208.221.197"],
  ["CCBot", "18.97.9.170"],
  ["CCBot", "2600:1f28:365:80ff::1"],
];

describe("verified crawlers", () => {
  it.each(PUBLISHED)("verifies %s from its operator's published list (%s)", (name, ip) => {
    expect(inPublishedRanges(crawlerNamed(name)!, ip)).toBe(true);
    expect(inPublishedRanges(crawlerNamed(name)!, "203.0.113.9")).toBe(false);
  });

  it("does not verify a crawler from another operator's list", () => {
    expect(inPublishedRanges(crawlerNamed("Googlebot")!, "20.171.206.10")).toBe(false);
    expect(inPublishedRanges(crawlerNamed("PerplexityBot")!, "44.208.221.197")).toBe(false);
    expect(inPublishedRanges(crawlerNamed("Bingbot")!, "20.191.45.212")).toBe(false);
  });

  it("gives every crawler a way to be verified, except the two whose operators publish none", () => {
    const unverifiable = KNOWN_CRAWLERS.filter((c) => !c.ranges && !c.reverseDns?.length).map((c) => c.name);
    expect(unverifiable.sort()).toEqual(["Bytespider", "meta-externalagent"]);
    expect(KNOWN_CRAWLERS.filter((c) => !c.ranges).map((c) => c.name)).toEqual([
      "YandexBot",
      "Bytespider",
      "Amazonbot",
      "meta-externalagent",
    ]);
  });

  it("ships every range list with its source and date, and every prefix parses", () => {
    for (const list of Object.values(RANGE_LISTS)) {
      expect(list.source).toMatch(/^https:\/\//);
      expect(Number.isNaN(Date.parse(list.takenAt))).toBe(false);
      expect(list.prefixes.length).toBeGreaterThan(0);
      for (const prefix of list.prefixes) expect(parseCidr(prefix), prefix).not.toBeNull();
    }
  });

  it("uses every shipped list", () => {
    const used = new Set(KNOWN_CRAWLERS.map((c) => c.ranges).filter(Boolean));
    expect([...used].sort()).toEqual(Object.keys(RANGE_LISTS).sort());
  });
});
