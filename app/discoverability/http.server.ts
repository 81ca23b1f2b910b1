import { getEnv } from "~/core/env.server";
import { siteUrl } from "./content.server";
import { robotsTxt } from "./robots";

/** The answers of the crawler-facing files: short public caching, one content type each. */
const CACHE = "public, max-age=300";

export function textResponse(body: string, type: string): Response {
  return new Response(body, { headers: { "Content-Type": type, "Cache-Control": CACHE, "X-Content-Type-Options": "nosniff" } });
}

export function xmlResponse(xml: string): Response {
  return textResponse(xml, "application/xml; charset=utf-8");
}

let robots: string | undefined;
export function robotsResponse(): Response {
  robots ??= robotsTxt(siteUrl(), { disallowedAiCrawlers: getEnv().ROBOTS_DISALLOW_AI_CRAWLERS });
  return textResponse(robots, "text/plain; charset=utf-8");
}
