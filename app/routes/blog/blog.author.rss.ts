/** GET /blog/author/{slug}/rss.xml: an author's RSS 2.0 feed (app/blog/feed.server.ts); 404 for no such author. */
import type { Route } from "./+types/blog.author.rss";

export async function loader({ params }: Route.LoaderArgs) {
  const { authorFeed, feedResponse } = await import("~/blog/feed.server");
  return feedResponse(await authorFeed(params.author));
}
