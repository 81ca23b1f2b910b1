import { renderMarkdown } from "~/core/markdown";
import { stringBytes, VersionedCache } from "~/core/versioned-cache";
import type { BlogPost } from "./posts.server";

// Rendering markdown is the costly part of a post page and of the feed: once per version of a post.
const renderedBodies = new VersionedCache<string>({ maxBytes: 32 * 1024 * 1024, sizeOf: stringBytes });

/** A post's body as sanitised HTML, rendered once per version of the post. */
export function renderedPostBody(post: Pick<BlogPost, "id" | "updatedAt" | "content">): string {
  return renderedBodies.getOrMakeSync(String(post.id), post.updatedAt, () => renderMarkdown(post.content));
}
