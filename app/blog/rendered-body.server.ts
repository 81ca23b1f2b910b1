import { stringBytes, VersionedCache } from "~/core/versioned-cache";
import type { BlogPost } from "./posts.server";
import { responsiveMediaImages } from "./media";

// Rendering markdown is the costly part of a post page and of the feed: once per version of a post.
const renderedBodies = new VersionedCache<string>({ maxBytes: 32 * 1024 * 1024, sizeOf: stringBytes });

/**
 * A post's body as sanitised HTML, rendered once per version of the post, on the text-work thread
 * (markdown can cost time far beyond its length; see text-work.server.ts), never on the request's.
 */
export async function renderedPostBody(post: Pick<BlogPost, "id" | "updatedAt" | "content">): Promise<string> {
  return renderedBodies.getOrMake(String(post.id), post.updatedAt, async () => {
    // Loaded on demand so that it stays a chunk of its own, which the worker thread runs.
    const { renderPostBody } = await import("./text-work.server");
    const { mediaSizes } = await import("./media.server");
    const [html, sizes] = await Promise.all([renderPostBody(post.content), mediaSizes(post.content)]);
    // Our own uploads get srcset, sizes, width and height (the Markdown only says where and what).
    return responsiveMediaImages(html, sizes);
  });
}
