/**
 * Numbered pages of a post list (/blog/page/2, /blog/tag/x/page/2, /blog/author/y/page/2): a fixed
 * page size and only pages that exist, so no address can make the server render more than one page.
 */
export const BLOG_PAGE_SIZE = 24;

/** A page number from the address: 2, 3, ... (page 1 is the list's own address); anything else is no page. */
export function pageNumberFrom(value: string | undefined): number | null {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page >= 2 ? page : null;
}

export function lastPageOf(total: number, size = BLOG_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export type PageSlice<T> = { items: T[]; page: number; lastPage: number; total: number };

/** The page's items, or null when the page does not exist (answered 404). */
export function pageSlice<T>(items: readonly T[], page: number, size = BLOG_PAGE_SIZE): PageSlice<T> | null {
  const lastPage = lastPageOf(items.length, size);
  if (page < 1 || page > lastPage) return null;
  return { items: items.slice((page - 1) * size, page * size), page, lastPage, total: items.length };
}

/** The address of page `page` of the list at `base` ("/blog", "/blog/tag/events"), with the search kept. */
export function pagePath(base: string, page: number, search = ""): string {
  return `${page <= 1 ? base : `${base}/page/${page}`}${search}`;
}

/** "Blog — page 2": each page's own title (page 1 keeps the list's). */
export function pageTitle(title: string, page: number): string {
  return page <= 1 ? title : `${title} — page ${page}`;
}
