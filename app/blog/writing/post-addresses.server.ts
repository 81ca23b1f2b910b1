import { and, ne } from "drizzle-orm";
import { schema, type DbExecutor } from "~/core/database/db.server";
import { redirectMovedPage, releaseLivePages, releasePage } from "~/redirects/redirects.server";
import { authorOf } from "../reading/authors.server";
import type { BlogPost } from "../post/posts.server";
import type { BlogPostInput } from "../post/schema";
import { tagSlug } from "../post/tags";

// A post's public addresses beyond its own (its tags' and author's pages) as its saves move them (app/redirects).

/**
 * A published post makes its tags' and author's pages live: a rename that had redirected one of those
 * addresses (a tag renamed away, then used again) stops redirecting it.
 */
export async function releaseLivePagesOf(tx: DbExecutor, input: BlogPostInput): Promise<void> {
  const paths = [...input.tags.map((tag) => `/blog/tag/${tagSlug(tag)}`), `/blog/author/${authorOf(input).slug}`];
  await releaseLivePages(tx, paths);
}

/**
 * A post credited to a new name (an author renamed): when no other post keeps the old name, the old
 * author page (and its pages and feed) answers 301 to the new one (app/redirects); the new author
 * page is a page again in any case.
 */
export async function followAuthor(tx: DbExecutor, existing: BlogPost, input: BlogPostInput): Promise<void> {
  const before = authorOf(existing).slug;
  const after = authorOf(input).slug;
  if (before === after || !after) return;
  const others = await tx
    .selectDistinct({ author: schema.blogPosts.author })
    .from(schema.blogPosts)
    .where(and(ne(schema.blogPosts.id, existing.id)));
  const oldKept = others.some((row) => authorOf(row).slug === before);
  if (oldKept || !before) await releasePage(tx, `/blog/author/${after}`);
  else await redirectMovedPage(tx, `/blog/author/${before}`, `/blog/author/${after}`);
}
