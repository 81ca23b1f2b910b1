import { AI_CRAWLERS } from "./crawlers";

/**
 * robots.txt, pure: the public site is open, the admin areas and the API are not, and each AI
 * crawler we know gets its own group (allowed unless configured otherwise). A crawler obeys only
 * the most specific group that names it, so each group repeats the private paths. Each group lists its
 * Disallow lines before `Allow: /`: Google's parsers take the longest match whatever the order, but
 * others (Python's urllib.robotparser, many crawlers built on it) take the first rule that matches.
 */
const PRIVATE_PATHS = ["/admin", "/ai-admin", "/api/"] as const;

export function robotsTxt(siteUrl: string, options: { disallowedAiCrawlers?: readonly string[] } = {}): string {
  const blocked = new Set((options.disallowedAiCrawlers ?? []).map((n) => n.toLowerCase()));
  const privateRules = PRIVATE_PATHS.map((p) => `Disallow: ${p}`);
  const lines = ["User-agent: *", ...privateRules, "Allow: /", ""];
  for (const crawler of AI_CRAWLERS) {
    lines.push(`User-agent: ${crawler.name}`);
    if (blocked.has(crawler.name.toLowerCase())) lines.push("Disallow: /");
    else lines.push(...privateRules, "Allow: /");
    lines.push("");
  }
  lines.push(`Sitemap: ${siteUrl}/sitemap.xml`, `Sitemap: ${siteUrl}/ai-sitemap.xml`, "");
  return lines.join("\n");
}
