import http from "node:http";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import robotsParser from "robots-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownPath } from "~/site/addresses";
import { INDEXABLE_PAGES } from "~/site/pages";
import { createPost, publicApi } from "../support/api";
import { startFakeDns, type FakeDns } from "../support/fake-dns";
import { signInCookie, startTestServer, type TestServer } from "../support/test-server";
import { schemaErrors } from "../support/xml-schema";
import { waitFor } from "../support/eventually";

const SITE = "http://localhost:3000"; // SITE_URL the test server runs with

/** A stand-in IndexNow endpoint on loopback: records each body, answers with `status`. */
type FakeIndexNow = {
  url: string;
  bodies: Array<{ host: string; key: string; keyLocation: string; urlList: string[] }>;
  status: number;
  close: () => Promise<void>;
};
async function fakeIndexNow(): Promise<FakeIndexNow> {
  const fake = { bodies: [], status: 200 } as unknown as FakeIndexNow;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (req.method === "POST" && req.headers["content-type"]?.startsWith("application/json")) fake.bodies.push(JSON.parse(body));
      res.writeHead(fake.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}/indexnow`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

let server: TestServer;
let indexNow: FakeIndexNow;
let dns: FakeDns;
let cookie: string;
// The longest the server may wait for its DNS (the setting's maximum): a test that holds the DNS's answers
// releases them long before, however loaded the machine (only the held-answer test waits on DNS at all).
const DNS_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  indexNow = await fakeIndexNow();
  // The operators' reverse DNS, as the site's resolver will see it: documentation addresses (RFC 5737)
  // whose PTR names lie in Yandex's, Amazon's and Google's documented domains and resolve back; and
  // two impostors, a Yandex name that points elsewhere and an Amazon look-alike outside its domain.
  dns = await startFakeDns({
    ptr: {
      "198.51.100.10": ["spider-198-51-100-10.yandex.com"],
      "198.51.100.20": ["198-51-100-20.crawl.amazonbot.amazon"],
      "198.51.100.30": ["spider-198-51-100-30.yandex.ru"],
      "198.51.100.31": ["198-51-100-31.crawl.amazonbot.amazon.evil.example"],
      "198.51.100.40": ["crawl-198-51-100-40.googlebot.com"],
      "198.51.100.60": ["spider-198-51-100-60.yandex.com"],
    },
    a: {
      "spider-198-51-100-10.yandex.com": ["198.51.100.10"],
      "198-51-100-20.crawl.amazonbot.amazon": ["198.51.100.20"],
      "spider-198-51-100-30.yandex.ru": ["5.255.253.1"],
      "198-51-100-31.crawl.amazonbot.amazon.evil.example": ["198.51.100.31"],
      "crawl-198-51-100-40.googlebot.com": ["198.51.100.40"],
      "spider-198-51-100-60.yandex.com": ["198.51.100.60"],
    },
  });
  // TRUST_PROXY=loopback: the test speaks for crawlers' addresses through X-Forwarded-For.
  server = await startTestServer({
    env: {
      TRUST_PROXY: "loopback",
      INDEXNOW_ENDPOINT: indexNow.url,
      CRAWLER_DNS_SERVERS: dns.server,
      CRAWLER_DNS_TIMEOUT_MS: String(DNS_TIMEOUT_MS),
    },
  });
  cookie = await signInCookie(server);
});
afterAll(async () => {
  await server?.stop();
  await indexNow?.close();
  await dns?.close();
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(server.url + p, { headers });
const admin = (p: string, init: RequestInit = {}) =>
  fetch(server.url + p, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });

/** Reads until `ok` holds (the one polling helper, tests/support/eventually.ts). */
const until = <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> =>
  waitFor(async () => {
    const value = await read();
    return ok(value) ? { value } : null;
  }, what).then((found) => found.value);

async function publishedPosts(): Promise<Array<{ id: number; slug: string; title: string; content: string }>> {
  return (await get("/api/blog")).json();
}

describe("what crawlers read", () => {
  it("serves a sitemap valid against the sitemaps.org schema, with every public page and post and nothing private", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(schemaErrors(xml)).toBeNull();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of ["/", "/about", "/faq", "/happy-hour", "/meetups", "/dating", "/venue-map", "/blog"])
      expect(locs).toContain(`${SITE}${p}`);
    for (const post of await publishedPosts()) expect(locs).toContain(`${SITE}/blog/${post.slug}`);
    expect(locs.some((l) => /\/admin|\/ai-admin|\/api\//.test(l!))).toBe(false);
    expect(xml.match(/<lastmod>/g)?.length).toBe(locs.length);
    // One file holds them all (past 50,000 URLs it would be an index of /sitemap/{n}.xml, tested with
    // buildSitemaps against siteindex.xsd), so there are no numbered parts to serve.
    expect(xml).toContain("<urlset");
    for (const part of ["1", "0", "x", "99999999"]) expect((await get(`/sitemap/${part}.xml`)).status, part).toBe(404);
  });

  it("renews the sitemap when a post is published", async () => {
    const res = await admin("/api/blog", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        title: "Sitemap freshness check",
        author: "Test",
        excerpt: "A post made by the sitemap test.",
        content: "Body text.",
        category: "tips",
      }),
    });
    expect(res.status).toBe(201);
    const { post } = await res.json();
    expect(await (await get("/sitemap.xml")).text()).toContain(`${SITE}/blog/${post.slug}</loc>`);
    // Publishing notified IndexNow of the post's address, after the request, through the queue.
    await until(
      async () => indexNow.bodies,
      (b) => b.some((body) => body.urlList.includes(`${SITE}/blog/${post.slug}`)),
      "the IndexNow ping for the new post",
    );
  });

  it("serves robots.txt that a robots.txt parser reads as intended", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const robots = robotsParser(`${SITE}/robots.txt`, await res.text());
    for (const agent of ["Googlebot", "GPTBot", "ClaudeBot", "PerplexityBot", "CCBot", "AnyBrowser"]) {
      expect(robots.isAllowed(`${SITE}/`, agent)).toBe(true);
      expect(robots.isAllowed(`${SITE}/blog/some-post`, agent)).toBe(true);
      expect(robots.isDisallowed(`${SITE}/admin`, agent)).toBe(true);
      expect(robots.isDisallowed(`${SITE}/ai-admin`, agent)).toBe(true);
      expect(robots.isDisallowed(`${SITE}/api/blog`, agent)).toBe(true);
    }
    expect(robots.getSitemaps()).toContain(`${SITE}/sitemap.xml`);
  });

  it("serves llms.txt, llms-full.txt and the AI sitemap", async () => {
    const llms = await (await get("/llms.txt")).text();
    expect(llms.startsWith("# Clink\n\n> ")).toBe(true);
    expect(llms).toContain("## Pages");
    expect(llms).toContain(`- [Frequently Asked Questions](${SITE}/faq.md): `);
    const posts = await publishedPosts();
    for (const post of posts) expect(llms).toContain(`(${SITE}/blog/${post.slug}.md)`);
    const full = await (await get("/llms-full.txt")).text();
    expect(full).toContain(posts[0]!.content.trim().split("\n")[0]);
    expect(full).toContain("How old do I have to be?");
    const ai = await (await get("/ai-sitemap.xml")).text();
    expect(ai).toContain(`<loc>${SITE}/llms.txt</loc>`);
    expect(ai).toContain(`<loc>${SITE}/about.md</loc>`);
  });

  it("serves every page and post as Markdown and announces it on the HTML page", async () => {
    const about = await get("/about.md");
    expect(about.status).toBe(200);
    expect(about.headers.get("content-type")).toContain("text/markdown");
    expect(await about.text()).toMatch(/^# About Us/);
    const [post] = await publishedPosts();
    const md = await (await get(`/blog/${post!.slug}.md`)).text();
    expect(md).toContain(`# ${post!.title}`);
    expect(md).toContain(post!.content.trim().split("\n")[0]);
    expect((await get("/no-such-page.md")).status).toBe(404);
    const html = await (await get("/about")).text();
    expect(html).toMatch(/<link rel="alternate" type="text\/markdown" href="http:\/\/localhost:3000\/about\.md"\/>/);
  });
});

/** Whitespace folded, as Markdown and HTML both fold it. */
const folded = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The <main> of a page as a reader sees it: the text of each paragraph that is all text, outside
 * what is not the page's content (controls, dialogs, navigation, hidden and decorative parts, and
 * what the page marks `data-mdast="ignore"`, such as the venue explorer).
 */
function visibleParagraphs(html: string): string[] {
  const found: string[] = [];
  const skipped = (el: Element) =>
    ["dialog", "form", "nav", "button", "noscript", "template", "script", "style"].includes(el.tagName) ||
    el.properties.ariaHidden === "true" ||
    el.properties.hidden !== undefined ||
    el.properties.dataMdast === "ignore" ||
    ["img", "status"].includes(String(el.properties.role));
  const walk = (node: Root | Element, inMain: boolean) => {
    for (const child of node.children) {
      if (child.type !== "element" || skipped(child)) continue;
      const main = inMain || child.tagName === "main";
      if (main && child.tagName === "p" && child.children.every((c) => c.type === "text" || c.type === "comment")) {
        const text = folded(child.children.map((c) => (c.type === "text" ? c.value : "")).join(""));
        if (text.length >= 20) found.push(text);
      } else walk(child, main);
    }
  };
  walk(fromHtml(html), false);
  return found;
}

/** Text that is in the HTML only inside a part that is not content (a dialog, the venue explorer). */
function textInside(html: string, opening: RegExp, closing: string): string {
  const start = html.search(opening);
  expect(start, String(opening)).toBeGreaterThan(0);
  const part = html.slice(start, html.indexOf(closing, start));
  return folded(part.match(/<(?:p|h2|h3)[^>]*>([^<]{12,})</)![1]!.replace(/&#x27;/g, "'"));
}

describe("Markdown versions of the pages", () => {
  const markdownOf = async (path: string) => {
    const res = await get(markdownPath(path));
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type"), path).toBe("text/markdown; charset=utf-8");
    return res.text();
  };

  it("carry every paragraph a reader sees in the page's <main>, under the page's title", async () => {
    for (const page of INDEXABLE_PAGES) {
      const paragraphs = visibleParagraphs(await (await get(page.path)).text());
      expect(paragraphs.length, page.path).toBeGreaterThan(0);
      const md = await markdownOf(page.path);
      expect(md.startsWith(`# ${page.title}\n`), page.path).toBe(true);
      // The page's own H1 comes one level down: the file has one H1.
      expect(md.match(/^# /gm), page.path).toHaveLength(1);
      for (const text of paragraphs) expect(folded(md), `${page.path}: ${text}`).toContain(text);
    }
  });

  it("leave out what is not content: skip links, controls, dialogs, widgets, scripts and styles", async () => {
    for (const page of INDEXABLE_PAGES) {
      const md = await markdownOf(page.path);
      for (const absent of ["Skip to", "Watch Demo", "Send Message", "(opens in a new tab)", "__reactRouter", "@context", "@media"])
        expect(md, `${page.path}: ${absent}`).not.toContain(absent);
      expect(md, page.path).not.toMatch(/<\/?(script|style|svg|button|form|input|div|span|dialog)\b/i);
      // Every link is absolute.
      for (const [, url] of md.matchAll(/\]\(([^)\s]+)/g)) expect(url, page.path).toMatch(/^(https?|mailto|tel):/);
    }
    const happyHour = await (await get("/happy-hour")).text();
    expect(await markdownOf("/happy-hour")).not.toContain(textInside(happyHour, /<dialog\b/, "</dialog>"));
    const venueMap = await (await get("/venue-map")).text();
    expect(await markdownOf("/venue-map")).not.toContain(textInside(venueMap, /id="venue-explorer"/, "</section>"));
  });

  it("keep the legal pages' section headings, and each FAQ question once with its answer", async () => {
    for (const path of ["/privacy-policy", "/terms-conditions"]) {
      const html = (await (await get(path)).text()).replace(/<!-- -->/g, "");
      const headings = [...html.matchAll(/<h2 id="[^"]+"[^>]*>([^<]+)<\/h2>/g)].map((m) => folded(m[1]!));
      expect(headings.length, path).toBeGreaterThanOrEqual(5);
      const md = await markdownOf(path);
      for (const heading of headings) expect(md, path).toContain(`\n### ${heading}\n`);
    }
    for (const path of ["/faq", "/"]) {
      const html = (await (await get(path)).text()).replace(/&#x27;/g, "'");
      const questions = [...html.matchAll(/<summary[^>]*>\s*<h[23][^>]*>([^<]+)<\/h[23]>/g)].map((m) => folded(m[1]!));
      expect(questions.length, path).toBeGreaterThanOrEqual(5);
      const md = await markdownOf(path);
      for (const question of questions) expect(md.split(question).length - 1, `${path}: ${question}`).toBe(1);
    }
  });

  it("list the newest posts on /blog.md, a new one as soon as it is published", async () => {
    const post = await createPost(publicApi(server, cookie), {
      title: "Markdown list freshness check",
      excerpt: "A post made by the Markdown test.",
    });
    const md = await markdownOf("/blog");
    expect(md).toContain(`[Markdown list freshness check](${SITE}/blog/${post.slug})`);
    expect(md).toContain("A post made by the Markdown test.");
  });

  it("put every page's text in /llms-full.txt", async () => {
    const res = await get("/llms-full.txt");
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const full = folded(await res.text());
    for (const page of INDEXABLE_PAGES) {
      for (const text of visibleParagraphs(await (await get(page.path)).text())) expect(full, `${page.path}: ${text}`).toContain(text);
    }
  });

  it("answer 404 for an address that is no public page", async () => {
    for (const path of ["/no-such-page.md", "/admin.md", "/search.md", "/blog/no-such-post.md"])
      expect((await get(path)).status, path).toBe(404);
  });
});

describe("the RSS feed", () => {
  it("names authors with dc:creator, states each enclosure's real length, and keeps its channel image within RSS limits", async () => {
    const xml = await (await get("/blog/rss.xml")).text();
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(xml).not.toMatch(/<author>/);
    const items = xml.split("<item>").slice(1);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).toMatch(/<dc:creator>[^<]+<\/dc:creator>/);
      const enclosure = item.match(/<enclosure ([^>]+)\/>/);
      if (!enclosure) continue;
      const attrs = Object.fromEntries([...enclosure[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]!.replace(/&amp;/g, "&")]));
      const body = await (await get(new URL(attrs.url!).pathname + new URL(attrs.url!).search)).arrayBuffer();
      expect(Number(attrs.length), attrs.url).toBe(body.byteLength);
    }
    const image = xml.match(/<image>([\s\S]*?)<\/image>/)![1]!;
    const width = Number(image.match(/<width>(\d+)<\/width>/)![1]);
    const height = Number(image.match(/<height>(\d+)<\/height>/)![1]);
    expect(width).toBeLessThanOrEqual(144);
    expect(height).toBeLessThanOrEqual(400);
    expect((await get(new URL(image.match(/<url>([^<]+)<\/url>/)![1]!).pathname)).status).toBe(200);
  });
});

// Where each crawler is verified from: an address in its operator's published list
// (crawler-ranges/*.json), or, for YandexBot and Amazonbot, whose operators publish DNS names and no
// list, one the fake DNS server confirms. Bytespider and meta-externalagent can only claim.
const AGENTS: Array<[name: string, ua: string, verifiedIp?: string]> = [
  ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "66.249.66.1"],
  ["Bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "157.55.39.10"],
  ["Applebot", "Mozilla/5.0 (Applebot/0.1; +http://www.apple.com/go/applebot)", "17.241.208.170"],
  ["DuckDuckBot", "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "20.191.45.212"],
  ["YandexBot", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "198.51.100.10"],
  ["GPTBot", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)", "20.171.206.10"],
  ["OAI-SearchBot", "Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)", "51.8.102.7"],
  ["ChatGPT-User", "Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)", "23.98.142.180"],
  ["ClaudeBot", "Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "216.73.216.5"],
  ["Claude-User", "Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)", "216.73.216.6"],
  ["Claude-SearchBot", "Mozilla/5.0 (compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)", "216.73.216.7"],
  ["PerplexityBot", "Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "107.20.236.150"],
  ["Perplexity-User", "Mozilla/5.0 (compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "44.208.221.197"],
  ["CCBot", "CCBot/2.0 (https://commoncrawl.org/faq/)", "18.97.9.170"],
  ["Bytespider", "Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)"],
  ["Amazonbot", "Mozilla/5.0 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)", "198.51.100.20"],
  ["meta-externalagent", "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)"],
  ["Applebot-Extended", "Mozilla/5.0 (compatible; Applebot-Extended/0.1; +http://www.apple.com/go/applebot)", "17.241.208.171"],
];
const uaOf = (name: string) => AGENTS.find(([n]) => n === name)![1];

type Stats = {
  indexing_status: { total_pages: number; indexed_pages: number; ai_optimized_pages: number };
  performance_metrics: { core_web_vitals: string; field_data: { pages: Array<{ page: string; rating: string }> } };
  crawler_activity: Record<string, { last_visit: string | null; status: string; pages_crawled: number; verified_pages_crawled: number }>;
  crawler_visits_daily: Array<{ crawler: string; verified: number; claimed: number }>;
};
const stats = async (): Promise<Stats> => (await admin("/api/crawler-stats")).json();

describe("crawler analytics", () => {
  it("answers only the admin", async () => {
    expect((await get("/api/crawler-stats")).status).toBe(401);
    expect((await get("/api/ai-indexing-status")).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/submit-sitemap`, { method: "POST", headers: { "content-type": "application/json" } })).status,
    ).toBe(401);
  });

  it("records each listed crawler, verified from its published range or its operator's DNS and claimed from elsewhere, cache hits included", async () => {
    const before = await stats();
    expect(before.crawler_activity.Googlebot!.status).toBe("never seen");
    expect(before.crawler_activity.Googlebot!.last_visit).toBeNull();
    expect(before.indexing_status.indexed_pages).toBe(0);
    for (const [, ua, ip] of AGENTS) {
      // Claimed: a documentation address (TEST-NET-3) that is no operator's.
      expect((await get("/about", { "user-agent": ua, "x-forwarded-for": "203.0.113.50" })).status).toBe(200);
      if (ip) {
        expect((await get("/faq", { "user-agent": ua, "x-forwarded-for": ip })).status).toBe(200);
        const blog = await get("/blog", { "user-agent": ua, "x-forwarded-for": ip }); // served from the page cache after the first
        expect(blog.status).toBe(200);
      }
    }
    const written = (s: Stats) =>
      AGENTS.every(
        ([name, , ip]) =>
          s.crawler_visits_daily.filter((d) => d.crawler === name).reduce((n, d) => n + d.claimed + d.verified, 0) === (ip ? 3 : 1),
      );
    const after = await until(stats, written, "every crawler's visits to be written");
    for (const [name, , ip] of AGENTS) {
      const row = after.crawler_activity[name]!;
      // Only a verified visit is evidence: a claim alone sets neither "last visit" nor "active".
      if (ip) {
        expect(row.status, name).toBe("active");
        expect(Date.parse(row.last_visit!)).toBeGreaterThan(Date.now() - 60_000);
      } else {
        expect(row.status, name).toBe("never seen");
        expect(row.last_visit, name).toBeNull();
      }
      expect(row.pages_crawled, name).toBe(ip ? 3 : 1);
      expect(row.verified_pages_crawled, name).toBe(ip ? 2 : 0);
      const daily = after.crawler_visits_daily.filter((d) => d.crawler === name);
      expect(
        daily.reduce((n, d) => n + d.claimed, 0),
        name,
      ).toBe(1);
      expect(
        daily.reduce((n, d) => n + d.verified, 0),
        name,
      ).toBe(ip ? 2 : 0);
    }
    // /faq and /blog were fetched by verified search engine crawlers; /about only by claimants.
    expect(after.indexing_status.indexed_pages).toBe(2);
    // The claimed address was looked up too (and has no PTR record): the fake server is the one asked.
    expect(dns.questions).toContain("PTR 50.113.0.203.in-addr.arpa");
    const locs = (await (await get("/sitemap.xml")).text()).match(/<loc>[^<]*/g)!;
    expect(after.indexing_status.total_pages).toBe(locs.length);
    // Every page but the tag and author lists has a Markdown version.
    expect(after.indexing_status.ai_optimized_pages).toBe(locs.filter((loc) => !/\/blog\/(tag|author)\//.test(loc)).length);
  });

  /** Requests of a crawler in the stats, verified and claimed (hits, not distinct pages). */
  const hits = (s: Stats, name: string) => {
    const days = s.crawler_visits_daily.filter((d) => d.crawler === name);
    return { verified: days.reduce((n, d) => n + d.verified, 0), claimed: days.reduce((n, d) => n + d.claimed, 0) };
  };

  it("takes a reverse DNS name as proof only inside the operator's domains and when it resolves back", async () => {
    const before = await stats();
    const visit = async (name: string, ip: string) =>
      expect((await get("/meetups", { "user-agent": uaOf(name), "x-forwarded-for": ip })).status).toBe(200);
    await visit("YandexBot", "198.51.100.30"); // a Yandex name that resolves to another address
    await visit("Amazonbot", "198.51.100.31"); // a name that only starts like Amazon's domain
    await visit("Googlebot", "198.51.100.40"); // outside Google's list, but its DNS confirms it
    const expected = {
      YandexBot: { verified: 0, claimed: 1 },
      Amazonbot: { verified: 0, claimed: 1 },
      Googlebot: { verified: 1, claimed: 0 },
    };
    const grown = (s: Stats) =>
      Object.fromEntries(
        Object.keys(expected).map((name) => [
          name,
          { verified: hits(s, name).verified - hits(before, name).verified, claimed: hits(s, name).claimed - hits(before, name).claimed },
        ]),
      );
    const total = (g: Record<string, { verified: number; claimed: number }>) =>
      Object.values(g).reduce((n, x) => n + x.verified + x.claimed, 0);
    const after = await until(stats, (s) => total(grown(s)) >= 3, "the three visits to be written");
    expect(grown(after)).toEqual(expected);
    expect(dns.questions).not.toContain("A 198-51-100-31.crawl.amazonbot.amazon.evil.example");
  });

  it("samples what an unverified claimant sends: 1,000 random paths keep their count but add a bounded number of pages", async () => {
    const before = await stats();
    const claimant = { "user-agent": uaOf("Bytespider"), "x-forwarded-for": "203.0.113.77" };
    for (let sent = 0; sent < 1_000; sent += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => get(`/blog/random-${sent + i}-${Math.random().toString(36).slice(2)}`, claimant)),
      );
    }
    const after = await until(
      stats,
      (s) => hits(s, "Bytespider").claimed >= hits(before, "Bytespider").claimed + 1_000,
      "the 1,000 visits to be written",
    );
    expect(hits(after, "Bytespider").claimed - hits(before, "Bytespider").claimed).toBe(1_000);
    // The first 20 paths of that network this hour as they were, then one "(other paths)".
    expect(after.crawler_activity.Bytespider!.pages_crawled - before.crawler_activity.Bytespider!.pages_crawled).toBeLessThanOrEqual(21);
    expect(after.crawler_activity.Bytespider!.status).toBe("never seen");
    // A thousand requests and their writes: more than the default minute on a busy CI machine.
  }, 180_000);

  it("answers a crawler at once while its DNS has not answered, and verifies the visit when the answer comes", async () => {
    const before = hits(await stats(), "YandexBot");
    // The answers are held until the page has been answered: a request that waited for its verification
    // would never be answered here. Released before the server gives up (DNS_TIMEOUT_MS), the answer
    // verifies the visit; a server that had given up first would have recorded it as claimed.
    const gate = dns.hold();
    try {
      const res = await get("/blog", { "user-agent": uaOf("YandexBot"), "x-forwarded-for": "198.51.100.60" });
      expect(res.status).toBe(200);
      await until(
        async () => gate.held(),
        (held) => held >= 1,
        "the PTR question to be asked and held",
      );
      expect(dns.questions).toContain("PTR 60.100.51.198.in-addr.arpa");
    } finally {
      gate.release();
    }
    const after = await until(
      async () => hits(await stats(), "YandexBot"),
      (h) => h.claimed + h.verified > before.claimed + before.verified,
      "the visit to be written",
    );
    expect(after).toEqual({ verified: before.verified + 1, claimed: before.claimed });
  });
});

describe("field Core Web Vitals", () => {
  const beacon = (body: unknown, type = "application/json", client = "198.51.100.7") =>
    fetch(`${server.url}/api/vitals`, {
      method: "POST",
      headers: { "content-type": type, "x-forwarded-for": client },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("says No data until beacons arrive, then rates the 75th percentile, and beacons change the rating", async () => {
    expect((await stats()).performance_metrics.core_web_vitals).toBe("No data");
    for (let i = 0; i < 4; i++)
      expect(
        (
          await beacon(
            {
              page: "/meetups",
              metrics: [
                { name: "LCP", value: 1200 + i },
                { name: "CLS", value: 0.01 },
                { name: "INP", value: 80 },
              ],
            },
            undefined,
            `192.0.2.${i + 1}`,
          )
        ).status,
      ).toBe(202);
    let s = await until(stats, (x) => x.performance_metrics.core_web_vitals !== "No data", "the first rating");
    expect(s.performance_metrics.core_web_vitals).toBe("Good");
    for (let i = 0; i < 12; i++)
      await beacon({ page: "/meetups", metrics: [{ name: "LCP", value: 6000 }] }, undefined, `192.0.2.${i + 20}`);
    s = await until(stats, (x) => x.performance_metrics.core_web_vitals === "Poor", "a Poor rating");
    expect(s.performance_metrics.field_data.pages.find((p) => p.page === "/meetups")?.rating).toBe("Poor");
  });

  it("counts one client for at most 3 views of a page a day: 1,000 forged beacons move its p75 by less than 5%", async () => {
    type Field = { page: string; metrics: Record<string, { p75: number; samples: number }> };
    const faqLcp = async () =>
      (
        (await admin("/api/crawler-stats").then((r) => r.json())) as { performance_metrics: { field_data: { pages: Field[] } } }
      ).performance_metrics.field_data.pages.find((p) => p.page === "/faq")?.metrics.LCP;
    // 100 visitors, each once: LCP from 1,000 to 2,980 ms.
    for (let i = 0; i < 100; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          beacon({ page: "/faq", metrics: [{ name: "LCP", value: 1000 + (i + j) * 20 }] }, undefined, `10.1.${i + j}.1`),
        ),
      );
    }
    const honest = await until(faqLcp, (m) => m?.samples === 100, "the 100 honest samples");
    // One client (many addresses of one IPv6 /64) forges 1,000 beacons of the worst value allowed.
    let accepted = 0;
    for (let i = 0; i < 1_000; i += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          beacon({ page: "/faq", metrics: [{ name: "LCP", value: 120_000 }] }, undefined, `2001:db8:7:7::${(i + j).toString(16)}`),
        ),
      );
      accepted += answers.filter((r) => r.status === 202).length;
    }
    expect(accepted).toBeGreaterThan(0);
    const forged = await until(faqLcp, (m) => (m?.samples ?? 0) > 100, "the forged samples that count");
    expect(forged!.samples).toBe(103);
    expect(Math.abs(forged!.p75 - honest!.p75) / honest!.p75).toBeLessThan(0.05);
    // Only the site's own pages: a made-up path is refused, and a beacon naming a metric twice too.
    expect((await beacon({ page: "/no-such-page", metrics: [{ name: "LCP", value: 100 }] }, undefined, "10.9.9.9")).status).toBe(400);
    expect(
      (
        await beacon(
          {
            page: "/faq",
            metrics: [
              { name: "LCP", value: 100 },
              { name: "LCP", value: 90 },
            ],
          },
          undefined,
          "10.9.9.9",
        )
      ).status,
    ).toBe(400);
  });

  it("refuses malformed beacons with 400, the wrong type with 415, and a flood with 429", async () => {
    expect((await beacon({ page: "/x", metrics: [{ name: "LCP", value: -5 }] })).status).toBe(400);
    expect((await beacon("{not json")).status).toBe(400);
    expect((await beacon("page=/x", "application/x-www-form-urlencoded")).status).toBe(415);
    let status = 0;
    for (let i = 0; i < 70 && status !== 429; i++)
      status = (
        await fetch(`${server.url}/api/vitals`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.99" },
          body: JSON.stringify({ page: "/", metrics: [{ name: "TTFB", value: 100 }] }),
        })
      ).status;
    expect(status).toBe(429);
  });
});

describe("submitting to search engines", () => {
  it("submits every sitemap URL by IndexNow with the stored key, which the site serves", async () => {
    indexNow.status = 200;
    indexNow.bodies.length = 0;
    const res = await admin("/api/submit-sitemap", { method: "POST", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    const host = new URL(indexNow.url).host;
    expect(await res.json()).toEqual({ submissions: { main_sitemap: [{ engine: `IndexNow (${host})`, success: true }] } });
    const [body] = indexNow.bodies;
    const locs = [...(await (await get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(body!.host).toBe("localhost:3000");
    expect(body!.keyLocation).toBe(`${SITE}/${body!.key}.txt`);
    expect(body!.urlList.sort()).toEqual(locs.sort());
    const keyFile = await get(`/${body!.key}.txt`);
    expect(keyFile.status).toBe(200);
    expect(await keyFile.text()).toBe(body!.key);
    expect((await get("/0123456789abcdef0123456789abcdef.txt")).status).toBe(404);
  });

  it("reports Failed when the endpoint answers an error", async () => {
    indexNow.status = 500;
    const res = await admin("/api/submit-sitemap", { method: "POST", headers: { "content-type": "application/json" } });
    expect((await res.json()).submissions.main_sitemap).toEqual([{ engine: expect.stringContaining("IndexNow"), success: false }]);
    indexNow.status = 200;
  });

  it("lists its own verification endpoints, each answering 200, with contexts and instructions", async () => {
    const status = await (await admin("/api/ai-indexing-status")).json();
    expect(status.verification_endpoints.length).toBeGreaterThanOrEqual(6);
    for (const url of status.verification_endpoints as string[]) {
      expect((await get(new URL(url).pathname)).status, url).toBe(200);
    }
    expect(status.ai_training_contexts.length).toBeGreaterThan(0);
    expect(Object.keys(status.indexing_instructions)).toEqual(expect.arrayContaining(["Google Search Console", "Bing Webmaster Tools"]));
  });
});
