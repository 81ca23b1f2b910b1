import { getEnv } from "~/core/instance/env.server";
import { sharedBodyResponse } from "~/core/caches/shared-body.server";
import { siteUrl } from "./content.server";
import { robotsTxt } from "./robots";

/** The answers of the crawler-facing files: short public caching, one content type each. */
const CACHE = "public, max-age=300";

// X-Content-Type-Options comes with every answer from the server's security headers (helmet): not again here.
const HEADERS = { "Cache-Control": CACHE };

export const MARKDOWN = "text/markdown; charset=utf-8";
export const XML = "application/xml; charset=utf-8";

export function textResponse(body: string, type: string): Response {
  return new Response(body, { headers: { "Content-Type": type, ...HEADERS } });
}

/** A crawler file made from the site's content: made when first asked for each content version, kept compressed. */
export function contentFileResponse(
  request: Request,
  file: { key: string; version: string; type: string; make: () => string | Promise<string> },
): Promise<Response> {
  return sharedBodyResponse(request, { key: file.key, version: file.version, contentType: file.type, make: file.make }, HEADERS);
}

let robots: string | undefined;
export function robotsResponse(): Response {
  robots ??= robotsTxt(siteUrl(), { disallowedAiCrawlers: getEnv().ROBOTS_DISALLOW_AI_CRAWLERS });
  return textResponse(robots, "text/plain; charset=utf-8");
}
