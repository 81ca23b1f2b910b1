import { postState, type AdminPostQuery } from "../post/admin-list";
import type { BlogPostDto } from "../post/schema";
import { pageOf, type PageOf } from "~/core/http/paging";
import { listPosts, toDto } from "../post/posts.server";
import { seesAllPosts, type StaffMember } from "~/auth/roles";

/**
 * The admin's list: every post, searched (title, excerpt, author, category, tags, slug), filtered by
 * state, sorted, one page of it, with the count per state for the filter tabs.
 */
async function listPostsForAdmin(
  query: AdminPostQuery,
  onlyAuthorId?: number,
): Promise<PageOf<BlogPostDto> & { counts: Record<AdminPostQuery["status"], number> }> {
  const now = Date.now();
  const q = query.q.toLowerCase();
  const matching = (await listPosts({ includeDrafts: true })).filter(
    (post) =>
      (onlyAuthorId === undefined || post.authorId === onlyAuthorId) &&
      (!q ||
        [post.title, post.excerpt, post.author, post.category, post.slug, ...post.tags].some((field) => field.toLowerCase().includes(q))),
  );
  const counts = { all: matching.length, published: 0, scheduled: 0, draft: 0 };
  for (const post of matching) counts[postState(post, now)]++;
  const shown = query.status === "all" ? [...matching] : matching.filter((post) => postState(post, now) === query.status);
  if (query.sort === "oldest") shown.reverse();
  else if (query.sort === "updated") shown.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  else if (query.sort === "title") shown.sort((a, b) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id - b.id);
  const page = pageOf(shown, query.page);
  return { ...page, items: page.items.map(toDto), counts };
}

/** The admin's list as `staff` sees it: editors and up every post, authors and contributors their own. */
export function postsListFor(staff: StaffMember, query: AdminPostQuery) {
  return listPostsForAdmin(query, seesAllPosts(staff) ? undefined : staff.id);
}
