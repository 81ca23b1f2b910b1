import { blogImagePlan, type BlogImagePlan } from "../post/image";
import { categoryLabel } from "../post/category";
import type { BlogPostDto } from "../post/schema";
import { formatDate } from "~/core/text/dates";
import { postReadingMinutes } from "../post/reading-time";
import type { TagRef } from "../post/tags";

/** What a card needs: no body text, so the page stays small. */
export type BlogCard = Pick<BlogPostDto, "id" | "slug" | "title" | "excerpt" | "author" | "category" | "createdAt"> & {
  categoryLabel: string;
  date: string;
  image: BlogImagePlan;
  imageAlt: string;
  /** The author's page (/blog/author/{authorSlug}). */
  authorSlug: string;
  tags: TagRef[];
  readingMinutes: number;
};

/** One numbered page of a public post list (/blog, a tag's, an author's), as cards. */
export type PostListPage = { cards: BlogCard[]; page: number; lastPage: number; matching: number; total: number };

/** What a card adds that the post itself does not say: its tags' names and its author's page. */
export type CardContext = { tags: TagRef[]; authorSlug: string };

/** <link rel="alternate"> announcing the feed, on every blog page. */
export const BLOG_FEED_LINK = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: "Clink Blog",
  href: "/blog/rss.xml",
} as const;

type CardSource = Pick<
  BlogPostDto,
  "id" | "slug" | "title" | "excerpt" | "author" | "category" | "createdAt" | "image" | "imageAlt" | "content"
> & {
  hasStoredImage: boolean;
  imageVersion: string | null;
  imageMimeType?: string | null;
};

export function toCard(post: CardSource, position: number, context: CardContext): BlogCard {
  return {
    ...context,
    readingMinutes: postReadingMinutes(post),
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    category: post.category,
    categoryLabel: categoryLabel(post.category),
    createdAt: post.createdAt,
    date: formatDate(post.createdAt),
    image: blogImagePlan(post, position),
    // The editor's description of the picture; none written means decorative (the title is beside it).
    imageAlt: post.imageAlt ?? "",
  };
}

/** The spec's live search: case-insensitive, over title, excerpt, category and author. */
function matchesSearch(post: Pick<CardSource, "title" | "excerpt" | "category" | "author">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [post.title, post.excerpt, post.category, categoryLabel(post.category), post.author].some((field) =>
    field.toLowerCase().includes(q),
  );
}

export function filterPosts<T extends Pick<CardSource, "title" | "excerpt" | "category" | "author">>(posts: T[], query: string): T[] {
  const q = query.trim();
  return q ? posts.filter((post) => matchesSearch(post, q)) : posts;
}
