/** GET /llms.txt (llmstxt.org) and GET /llms-full.txt (every page and post in full, as Markdown). */
import type { Route } from "./+types/llms.txt";
import { contentFileResponse, MARKDOWN } from "~/discoverability/http.server";
import { discoverableContent, llmsFull, llmsIndex } from "~/discoverability/content.server";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for (app/core/caches/cache-tags.ts): every post change. */
export const handle = { cacheTags: [BLOG_TAG, "llms"] } satisfies PageHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const content = await discoverableContent();
  const full = new URL(request.url).pathname === "/llms-full.txt";
  return contentFileResponse(request, {
    key: full ? "llms-full" : "llms",
    version: content.version,
    type: MARKDOWN,
    make: () => (full ? llmsFull(content) : llmsIndex(content)),
  });
}
