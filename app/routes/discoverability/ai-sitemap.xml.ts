/** GET /ai-sitemap.xml: the pages offered to AI systems, each with its Markdown version, and the llms files. */
import type { Route } from "./+types/ai-sitemap.xml";
import { contentFileResponse, XML } from "~/discoverability/http.server";
import { aiSitemapXml, discoverableContent } from "~/discoverability/content.server";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for (app/core/caches/cache-tags.ts): every post change. */
export const handle = { cacheTags: [BLOG_TAG, "sitemaps"] } satisfies PageHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const content = await discoverableContent();
  return contentFileResponse(request, { key: "ai-sitemap", version: content.version, type: XML, make: () => aiSitemapXml(content) });
}
