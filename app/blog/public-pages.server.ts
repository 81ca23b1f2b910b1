import { INDEXABLE_PAGES } from "~/site/pages";
import { findPublishedPost } from "./posts.server";

/**
 * Whether a path is a public page of the site: the registry's public pages and the published posts. The
 * one rule for what a visitor's beacon may speak for, analytics' and web vitals' alike: it lives here, on
 * the floor below both (.dependency-cruiser.cjs), and is read from the posts kept in memory (no query).
 */
const REGISTERED_PAGES = new Set(INDEXABLE_PAGES.map((page) => page.path));

export async function isPublicPage(path: string): Promise<boolean> {
  if (REGISTERED_PAGES.has(path)) return true;
  const post = /^\/blog\/([^/]+)$/.exec(path);
  return post ? (await findPublishedPost(post[1]!)) !== null : false;
}
