/** GET /blog/tag/{slug}/rss.xml: a tag's RSS 2.0 feed (app/blog/feed.server.ts); 404 for a tag no live post has. */
import type { Route } from "./+types/blog.tag.rss";

export async function loader({ params }: Route.LoaderArgs) {
  const { tagFeed, feedResponse } = await import("~/blog/feed.server");
  return feedResponse(await tagFeed(params.tag));
}
