import { SITE_PAGES } from "~/site/pages";
import { pageNumberFrom } from "./pages";
import { listPageExists } from "./post-lists.server";
import { findPublishedPost } from "../post/posts.server";

/**
 * Whether a path is a public page of the site: the registry's pages that are not staff pages (search and
 * the one-time-link pages included), the published posts, and the post lists' pages that exist (the blog's,
 * a tag's, an author's, and their numbered pages). The one rule for what a visitor's beacon may speak for,
 * analytics' and web vitals' alike: it lives here, on the floor below both (.dependency-cruiser.cjs), and
 * is read from the posts kept in memory (no query).
 */
const REGISTERED_PAGES = new Set(SITE_PAGES.filter((page) => page.group !== "admin").map((page) => page.path));

/** /blog/page/N, /blog/tag/x[/page/N], /blog/author/y[/page/N] (app/routes.ts). */
const LIST_PAGE = /^\/blog(?:\/(tag|author)\/([^/]+))?(?:\/page\/([^/]+))?$/;

export async function isPublicPage(path: string): Promise<boolean> {
  if (REGISTERED_PAGES.has(path)) return true;
  const list = LIST_PAGE.exec(path);
  if (list) {
    const [, of, slug, number] = list;
    const page = pageNumberFrom(number);
    return page !== null && (await listPageExists(of === "tag" || of === "author" ? { of, slug: slug! } : { of: "blog" }, page));
  }
  const post = /^\/blog\/([^/]+)$/.exec(path);
  return post ? (await findPublishedPost(post[1]!)) !== null : false;
}
