/** GET /blog/author/{slug}/rss.xml: an author's RSS 2.0 feed (app/blog/reading/feed.server.ts); 404 for no such author. */
import type { Route } from "./+types/blog.author.rss";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

/** What a CDN purges it for (app/core/caches/cache-tags.ts): every post change. */
export const handle = { cacheTags: [BLOG_TAG, "feeds"] } satisfies PageHandle;

export async function loader({ params }: Route.LoaderArgs) {
  const { authorFeed, feedResponse } = await import("~/blog/reading/feed.server");
  return feedResponse(await authorFeed(params.author));
}
