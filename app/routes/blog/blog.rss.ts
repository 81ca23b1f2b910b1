/**
 * GET /blog/rss.xml: the blog's RSS 2.0 feed (app/blog/feed.server.ts). Announced with
 * <link rel="alternate" type="application/rss+xml"> on blog pages.
 */
import type { Route } from "./+types/blog.rss";

export async function loader(_args: Route.LoaderArgs) {
  const { blogFeed, feedResponse } = await import("~/blog/feed.server");
  return feedResponse(await blogFeed());
}
