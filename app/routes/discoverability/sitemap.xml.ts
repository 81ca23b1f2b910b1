/**
 * GET /sitemap.xml: every public page (page registry) and published post, absolute URLs with
 * lastmod; past 50,000 URLs a sitemap index of GET /sitemap/{n}.xml. Made again when the blog changes.
 */
import type { Route } from "./+types/sitemap.xml";
import { contentFileResponse, XML } from "~/discoverability/http.server";
import { discoverableContent, sitemapEntries, sitemapXml } from "~/discoverability/content.server";
import { sitemapPartCount } from "~/discoverability/sitemap";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for (app/core/caches/cache-tags.ts): every post change. */
export const handle = { cacheTags: [BLOG_TAG, "sitemaps"] } satisfies PageHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  const content = await discoverableContent();
  const given = (params as { n?: string }).n;
  const part = given === undefined ? undefined : /^[1-9]\d{0,4}$/.test(given) ? Number(given) : NaN;
  if (part !== undefined && !(part <= sitemapPartCount(sitemapEntries(content).length))) throw new Response("Not found", { status: 404 });
  return contentFileResponse(request, {
    key: `sitemap-${part ?? 0}`,
    version: content.version,
    type: XML,
    make: () => sitemapXml(content, part)!,
  });
}
