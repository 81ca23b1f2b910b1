import { blogImagePlan, type BlogImagePlan } from "./image";
import { categoryLabel } from "./category";
import type { BlogPostDto } from "./schema";
import { formatDate } from "~/core/dates";

/** What a card needs: no body text, so the page stays small. */
export type BlogCard = Pick<BlogPostDto, "id" | "slug" | "title" | "excerpt" | "author" | "category" | "createdAt"> & {
  categoryLabel: string;
  date: string;
  image: BlogImagePlan;
  imageAlt: string;
};

export const BLOG_PAGE_SIZE = 24;
/** The most posts one /blog page lists (`?show=`). */
export const BLOG_MAX_SHOWN = 10_000;

/** `?show=N` as the page reads it: whole pages, at least one, at most BLOG_MAX_SHOWN posts. */
export function shownCount(value: string | null): number {
  const asked = Number(value) || BLOG_PAGE_SIZE;
  const pages = Math.ceil(Math.min(Math.max(asked, BLOG_PAGE_SIZE), BLOG_MAX_SHOWN) / BLOG_PAGE_SIZE);
  return Math.min(pages * BLOG_PAGE_SIZE, BLOG_MAX_SHOWN);
}

/** `show` for the page cache's key: every N that lists the same posts gives one value (none for the first page). */
export function normaliseShow(value: string): string | undefined {
  const shown = shownCount(value);
  return shown === BLOG_PAGE_SIZE ? undefined : String(shown);
}

/** <link rel="alternate"> announcing the feed, on every blog page. */
export const BLOG_FEED_LINK = { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Clink Blog", href: "/blog/rss.xml" } as const;

type CardSource = Pick<BlogPostDto, "id" | "slug" | "title" | "excerpt" | "author" | "category" | "createdAt" | "image" | "imageAlt"> & {
  hasStoredImage: boolean;
  imageVersion: string | null;
};



export function toCard(post: CardSource, position: number): BlogCard {
  return {
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
  return [post.title, post.excerpt, post.category, categoryLabel(post.category), post.author].some((field) => field.toLowerCase().includes(q));
}

export function filterPosts<T extends Pick<CardSource, "title" | "excerpt" | "category" | "author">>(posts: T[], query: string): T[] {
  const q = query.trim();
  return q ? posts.filter((post) => matchesSearch(post, q)) : posts;
}
