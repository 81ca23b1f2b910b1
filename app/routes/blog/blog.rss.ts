/**
 * GET /blog/rss.xml: the blog's RSS 2.0 feed (app/blog/reading/feed.server.ts). Announced with
 * <link rel="alternate" type="application/rss+xml"> on blog pages.
 */
import type { Route } from "./+types/blog.rss";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for (app/core/caches/cache-tags.ts): every post change. */
export const handle = { cacheTags: [BLOG_TAG, "feeds"] } satisfies PageHandle;

export async function loader(_args: Route.LoaderArgs) {
  const { blogFeed, feedResponse } = await import("~/blog/reading/feed.server");
  return feedResponse(await blogFeed());
}
