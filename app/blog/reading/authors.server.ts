import { slugify } from "../post/schema";
import type { BlogPost } from "../post/posts.server";

/**
 * Who wrote a post, as readers see it (the byline, /blog/author/{slug}, the About the Author box).
 *
 * The ONE place that decides it. Today a post names its author as text, so the slug is made from that
 * name and every post with the same name is one author. When staff records land (posts.author_id ->
 * admin_users with name, slug, bio and avatar), this function reads the record instead and the pages
 * follow.
 */
export type Author = { slug: string; name: string; bio: string | null; avatar: string | null };

export function authorOf(post: Pick<BlogPost, "author">): Author {
  const name = post.author.trim();
  return { slug: slugify(name), name, bio: null, avatar: null };
}

/** An author's live posts (newest first) and the author, or null when no live post is theirs. */
export function findAuthor(posts: readonly BlogPost[], slug: string): { author: Author; posts: BlogPost[] } | null {
  const theirs = posts.filter((post) => authorOf(post).slug === slug);
  return theirs.length ? { author: authorOf(theirs[0]!), posts: theirs } : null;
}

/** Every author of a live post (the sitemap). */
export function listAuthors(posts: readonly BlogPost[]): Array<{ author: Author; latest: BlogPost }> {
  const seen = new Map<string, { author: Author; latest: BlogPost }>();
  for (const post of posts) {
    const author = authorOf(post);
    if (!seen.has(author.slug)) seen.set(author.slug, { author, latest: post });
  }
  return [...seen.values()];
}
