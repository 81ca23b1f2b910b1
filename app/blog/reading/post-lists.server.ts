import { findAuthor, type Author } from "./authors.server";
import { cardMaker } from "./cards.server";
import { filterPosts, type PostListPage } from "./listing";
import { BLOG_PAGE_SIZE, pageSlice } from "./pages";
import { listPosts, type BlogPost } from "../post/posts.server";
import { findTag, type Tag } from "./tags.server";

/** Numbered pages of the public post lists; null when a page does not exist (the route answers 404). */

async function pageOfPosts(posts: BlogPost[], matching: BlogPost[], page: number): Promise<PostListPage | null> {
  const slice = pageSlice(matching, page);
  if (!slice) return null;
  const card = await cardMaker();
  const offset = (slice.page - 1) * BLOG_PAGE_SIZE;
  return {
    cards: slice.items.map((post, i) => card(post, offset + i)),
    page: slice.page,
    lastPage: slice.lastPage,
    matching: matching.length,
    total: posts.length,
  };
}

/** /blog and /blog/page/N, with the spec's live search (`q`) over title, excerpt, category and author. */
export async function blogListPage(q: string, page: number): Promise<PostListPage | null> {
  const posts = await listPosts({ includeDrafts: false });
  return pageOfPosts(posts, filterPosts(posts, q), page);
}

export async function tagListPage(slug: string, page: number): Promise<{ tag: Omit<Tag, "posts">; list: PostListPage } | null> {
  const tag = await findTag(slug);
  const list = tag && (await pageOfPosts(tag.posts, tag.posts, page));
  return tag && list ? { tag: { slug: tag.slug, name: tag.name, description: tag.description }, list } : null;
}

/**
 * Whether a list page exists (the same rule as the pages above, without making their cards): for the
 * beacons of visitors on it. `list` is the blog's, a tag's or an author's.
 */
export async function listPageExists(list: { of: "blog" } | { of: "tag" | "author"; slug: string }, page: number): Promise<boolean> {
  if (list.of === "tag") {
    const tag = await findTag(list.slug);
    return tag !== null && pageSlice(tag.posts, page) !== null;
  }
  const posts = await listPosts({ includeDrafts: false });
  const matching = list.of === "author" ? findAuthor(posts, list.slug)?.posts : posts;
  return matching !== undefined && pageSlice(matching, page) !== null;
}

export async function authorListPage(slug: string, page: number): Promise<{ author: Author; list: PostListPage } | null> {
  const found = findAuthor(await listPosts({ includeDrafts: false }), slug);
  const list = found && (await pageOfPosts(found.posts, found.posts, page));
  return found && list ? { author: found.author, list } : null;
}
