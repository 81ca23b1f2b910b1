import { z } from "~/core/text/zod";
import { pageNumberSchema, searchTextSchema } from "~/core/http/paging";
import type { BlogPostDto } from "./schema";

// The admin's list of posts: each post's state, and the list's query (sort, state filter, page, search).

/** A post's state as the admin list shows it. */
export type PostState = "published" | "scheduled" | "draft";
export function postState(post: Pick<BlogPostDto, "published" | "createdAt">, now = Date.now()): PostState {
  return !post.published ? "draft" : Date.parse(post.createdAt) > now ? "scheduled" : "published";
}

export const POST_SORTS = { newest: "Newest first", oldest: "Oldest first", updated: "Recently updated", title: "Title A-Z" } as const;
export const POST_STATUS_FILTERS = { all: "All", published: "Published", scheduled: "Scheduled", draft: "Drafts" } as const;

/** GET /api/admin/posts's query: page, search text, sort and state filter (odd values fall back). */
export const adminPostQuerySchema = z.object({
  page: pageNumberSchema,
  q: searchTextSchema,
  sort: z.enum(Object.keys(POST_SORTS) as [keyof typeof POST_SORTS]).catch("newest"),
  status: z.enum(Object.keys(POST_STATUS_FILTERS) as [keyof typeof POST_STATUS_FILTERS]).catch("all"),
});
export type AdminPostQuery = z.output<typeof adminPostQuerySchema>;
