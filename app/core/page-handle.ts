/**
 * What a route tells the server about its page, through React Router's `handle` export (plain
 * data the server reads from the build, so each feature states it beside its page):
 *
 * - `pageCache`: the page's anonymous GET answer is the same for every visitor, so the front
 *   cache (server/front-cache.ts) may keep it. `versions` names the content it shows (see
 *   app/content-versions.server.ts; the deploy is always included); `query` lists the query
 *   parameters that change it, each with a normaliser (undefined drops the parameter), so other
 *   or equivalent queries share one entry and cannot force a render each; `sharedKey` keeps one
 *   entry for every path the route answers (the 404 page).
 * - `hydrate: false`: the page works as plain HTML; the root leaves out React Router's scripts.
 * - `private: true`: an answer for the signed-in admin only, never stored anywhere (no-store).
 */
export type QueryNormaliser = (value: string) => string | undefined;

export type PageCachePolicy = {
  versions?: readonly string[];
  query?: Readonly<Record<string, QueryNormaliser>>;
  sharedKey?: string;
};

export type PageHandle = {
  pageCache?: PageCachePolicy;
  hydrate?: boolean;
  private?: boolean;
};

/** A page of fixed content that needs no JavaScript in the browser. */
export const staticPage = { pageCache: {}, hydrate: false } as const satisfies PageHandle;

/** Free text in a query (a search): trimmed, spaces collapsed, bounded; empty drops it. */
export function normaliseQueryText(maxLength: number): QueryNormaliser {
  return (value) => value.replace(/\s+/g, " ").trim().slice(0, maxLength) || undefined;
}

/** The policy of the deepest matched route that states one; a page's own handle wins. */
export function pageHandleOf(handles: readonly unknown[]): PageHandle {
  const merged: PageHandle = {};
  for (const handle of handles) {
    if (!handle || typeof handle !== "object") continue;
    const page = handle as PageHandle;
    if (page.pageCache !== undefined) merged.pageCache = page.pageCache;
    if (page.hydrate !== undefined) merged.hydrate = page.hydrate;
    if (page.private) merged.private = true;
  }
  return merged;
}
