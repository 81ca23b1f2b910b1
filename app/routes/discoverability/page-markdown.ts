/**
 * GET /{page}.md, /index.md and /blog/{slug}.md: the Markdown version of a public page or a
 * published post (announced on the page with <link rel="alternate" type="text/markdown">).
 */
import type { Route } from "./+types/page-markdown";
import { MARKDOWN, textResponse } from "~/discoverability/http.server";
import { markdownAt } from "~/discoverability/content.server";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for (app/core/caches/cache-tags.ts): every post change. */
export const handle = { cacheTags: [BLOG_TAG, "llms"] } satisfies PageHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const path = decodeURIComponent(new URL(request.url).pathname);
  const markdown = await markdownAt(path);
  if (markdown === undefined) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return textResponse(markdown, MARKDOWN);
}
