import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";
import { engineName, indexNowBodies, MAX_URLS_PER_INDEXNOW_REQUEST } from "./indexnow";
import { markdownPath } from "~/site/addresses";
import { llmsTxt, type DiscoverablePage } from "./llms";
import { robotsTxt } from "./robots";
import { buildSitemaps, MAX_IMAGES_PER_URL, MAX_URLS_PER_SITEMAP, urlsetXml, w3cDate } from "./sitemap";
import { overallRating, rateVital, vitalsBeaconSchema } from "./vitals";
import { SITEINDEX_XSD, SITEMAP_XSD, schemaErrors } from "../../tests/support/xml-schema";

const SITE = "https://clink.example";
const validates = (xml: string, schema = SITEMAP_XSD): boolean => schemaErrors(xml, schema) === null;

describe("sitemaps", () => {
  it("writes a urlset the sitemaps.org schema accepts, escaping URLs", () => {
    const xml = urlsetXml([{ loc: `${SITE}/blog/a?x=1&y=2`, lastmod: w3cDate("2026-01-02T03:04:05.678Z") }, { loc: `${SITE}/about` }]);
    expect(xml).toContain("<loc>https://clink.example/blog/a?x=1&amp;y=2</loc>");
    expect(xml).toContain("<lastmod>2026-01-02T03:04:05Z</lastmod>");
    expect(validates(xml)).toBe(true);
    expect(validates(xml.replace("<loc>", "<location>").replace("</loc>", "</location>"))).toBe(false);
  });

  it("lists a page's images with Google's image extension, declared only when used, at most 1,000 a page", () => {
    const many = Array.from({ length: MAX_IMAGES_PER_URL + 5 }, (_, i) => `${SITE}/api/media/img${i}?a=1&b=2`);
    const xml = urlsetXml([
      { loc: `${SITE}/blog/a`, images: many },
      { loc: `${SITE}/about`, images: [] },
    ]);
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).toContain("<image:loc>https://clink.example/api/media/img0?a=1&amp;b=2</image:loc>");
    expect(xml.match(/<image:image>/g)).toHaveLength(MAX_IMAGES_PER_URL);
    expect(validates(xml)).toBe(true);
    expect(validates(xml.replaceAll("<image:loc>", "<image:location>").replaceAll("</image:loc>", "</image:location>"))).toBe(false);
    expect(urlsetXml([{ loc: `${SITE}/about` }])).not.toContain("xmlns:image");
  });

  it("becomes an index of numbered sitemaps past 50,000 URLs, the index and every part valid against the sitemaps.org schemas", () => {
    const entries = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => ({
      loc: `${SITE}/blog/post-${i}`,
      lastmod: i === 7 ? "2026-03-04T05:06:07Z" : "2026-01-01T00:00:00Z",
    }));
    const { main, parts } = buildSitemaps(SITE, entries);
    expect(parts).toHaveLength(2);
    expect(main).toContain("<sitemapindex");
    expect(main).toContain(`<loc>${SITE}/sitemap/1.xml</loc>\n    <lastmod>2026-03-04T05:06:07Z</lastmod>`);
    expect(main).toContain(`<loc>${SITE}/sitemap/2.xml</loc>\n    <lastmod>2026-01-01T00:00:00Z</lastmod>`);
    expect(validates(main, SITEINDEX_XSD)).toBe(true);
    expect(validates(main, SITEMAP_XSD)).toBe(false); // an index is not a sitemap, and the check can tell
    expect(parts[0]!.match(/<url>/g)).toHaveLength(MAX_URLS_PER_SITEMAP);
    expect(parts[1]!.match(/<url>/g)).toHaveLength(1);
    for (const part of parts) expect(validates(part)).toBe(true);
    expect(validates(parts[1]!, SITEINDEX_XSD)).toBe(false);
    // Nothing lost or repeated across the parts.
    const locs = parts.flatMap((p) => [...p.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(new Set(locs).size).toBe(entries.length);
    expect(buildSitemaps(SITE, entries.slice(0, 3)).parts).toEqual([]);
  }, 60_000); // 50,001 addresses through xmllint: seconds on a loaded machine

  it("refuses an index the schema does not allow", () => {
    const { main } = buildSitemaps(
      SITE,
      Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => ({ loc: `${SITE}/p/${i}` })),
    );
    expect(validates(main, SITEINDEX_XSD)).toBe(true);
    expect(validates(main.replace("<loc>", "<location>").replace("</loc>", "</location>"), SITEINDEX_XSD)).toBe(false);
    expect(validates(main.replace(/<\/loc>/, "</loc>\n    <lastmod>last Tuesday</lastmod>"), SITEINDEX_XSD)).toBe(false);
  });
});

describe("robots.txt", () => {
  it("opens the public site, closes the admin areas and the API, and names the sitemap", () => {
    const text = robotsTxt(SITE);
    const robots = robotsParser(`${SITE}/robots.txt`, text);
    for (const agent of ["Googlebot", "GPTBot", "ClaudeBot", "SomeOtherBot"]) {
      expect(robots.isAllowed(`${SITE}/about`, agent)).toBe(true);
      expect(robots.isAllowed(`${SITE}/admin`, agent)).toBe(false);
      expect(robots.isAllowed(`${SITE}/ai-admin`, agent)).toBe(false);
      expect(robots.isAllowed(`${SITE}/api/blog`, agent)).toBe(false);
    }
    expect(robots.getSitemaps()).toContain(`${SITE}/sitemap.xml`);
  });

  it("lists each group's Disallow lines before Allow: /, for parsers that take the first rule that matches", () => {
    const groups = robotsTxt(SITE)
      .split("\n\n")
      .filter((group) => group.startsWith("User-agent:"));
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) {
      const rules = group.split("\n").filter((line) => /^(Allow|Disallow):/.test(line));
      expect(rules.at(-1), group).toBe("Allow: /");
      expect(
        rules.slice(0, -1).every((line) => line.startsWith("Disallow:")),
        group,
      ).toBe(true);
    }
  });

  it("turns away only the AI crawlers configured", () => {
    const robots = robotsParser(`${SITE}/robots.txt`, robotsTxt(SITE, { disallowedAiCrawlers: ["gptbot"] }));
    expect(robots.isAllowed(`${SITE}/about`, "GPTBot")).toBe(false);
    expect(robots.isAllowed(`${SITE}/about`, "ClaudeBot")).toBe(true);
    expect(robots.isAllowed(`${SITE}/about`, "Googlebot")).toBe(true);
  });
});

describe("llms.txt", () => {
  const pages: DiscoverablePage[] = [
    { path: "/", title: "Home", description: "The home page.", kind: "page" },
    { path: "/about", title: "About [us]", description: "Who we are.", kind: "page" },
    { path: "/blog/first", title: "First", description: "A post.", kind: "post" },
  ];

  it("follows the format: H1, blockquote, H2 sections of Markdown links with notes", () => {
    const text = llmsTxt(SITE, { name: "Clink", summary: "A summary.", details: "Details." }, pages);
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Clink");
    expect(lines[2]).toBe("> A summary.");
    expect(text).toContain(
      "## Pages\n\n- [Home](https://clink.example/index.md): The home page.\n- [About us](https://clink.example/about.md): Who we are.",
    );
    expect(text).toContain("## Blog posts\n\n- [First](https://clink.example/blog/first.md): A post.");
    for (const line of lines.filter((l) => l.startsWith("- ["))) expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)]+\)(: .+)?$/);
  });

  it("puts the Markdown version beside each address", () => {
    expect(markdownPath("/")).toBe("/index.md");
    expect(markdownPath("/blog/x")).toBe("/blog/x.md");
  });
});

describe("IndexNow", () => {
  it("sends at most 10,000 URLs per request, with the key and where it is served", () => {
    const urls = Array.from({ length: MAX_URLS_PER_INDEXNOW_REQUEST + 5 }, (_, i) => `${SITE}/p${i}`);
    const bodies = indexNowBodies(SITE, "abcdef123456", urls);
    expect(bodies.map((b) => b.urlList.length)).toEqual([10_000, 5]);
    expect(bodies[0]).toMatchObject({ host: "clink.example", key: "abcdef123456", keyLocation: `${SITE}/abcdef123456.txt` });
    expect(engineName("https://api.indexnow.org/indexnow")).toBe("IndexNow (api.indexnow.org)");
  });
});

describe("web vitals", () => {
  it("rates a 75th percentile by Google's thresholds, edges included", () => {
    expect(rateVital("LCP", 2500)).toBe("Good");
    expect(rateVital("LCP", 2501)).toBe("Needs Improvement");
    expect(rateVital("LCP", 4001)).toBe("Poor");
    expect(rateVital("CLS", 0.1)).toBe("Good");
    expect(rateVital("INP", 501)).toBe("Poor");
    expect(rateVital("TTFB", 900)).toBe("Needs Improvement");
  });

  it("rates a page by its worst core vital, and says No data without any", () => {
    expect(overallRating({})).toBe("No data");
    expect(overallRating({ FCP: 5000 })).toBe("No data");
    expect(overallRating({ LCP: 1000, CLS: 0.3 })).toBe("Poor");
    expect(overallRating({ LCP: 3000, INP: 100 })).toBe("Needs Improvement");
  });

  it("accepts a real beacon and refuses malformed ones", () => {
    expect(vitalsBeaconSchema.safeParse({ page: "/about", metrics: [{ name: "LCP", value: 1234.5 }] }).success).toBe(true);
    for (const bad of [
      { page: "about", metrics: [{ name: "LCP", value: 1 }] },
      { page: "/about", metrics: [] },
      { page: "/about", metrics: [{ name: "XYZ", value: 1 }] },
      { page: "/about", metrics: [{ name: "LCP", value: -1 }] },
      { page: "/about", metrics: [{ name: "CLS", value: 1e9 }] },
      { page: "/about", metrics: [{ name: "LCP", value: 1 }], extra: true },
    ]) {
      expect(vitalsBeaconSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
