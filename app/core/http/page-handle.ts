import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

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
 * - `cacheTags`: the content every answer of the route shows, for a CDN's purge (app/core/caches/cache-tags.ts);
 *   a page or file with tags is shared with CDNs for their edge lifetime. Its loader may add the tags of
 *   the records it shows in a `Surrogate-Key` header (a post page: its post and those it links).
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
  cacheTags?: readonly string[];
  /** At most this many seconds at a CDN, for a page that changes with time (the venue map's weather). */
  edgeMaxAge?: number;
};

/** A page of fixed content that needs no JavaScript in the browser. */
export const staticPage = { pageCache: {}, hydrate: false } as const satisfies PageHandle;

/**
 * A page with a form: the same for everyone until submitted (a POST is never cached). Plain HTML that posts
 * without JavaScript; the form's own small script (from /assets) adds checks before sending and toasts.
 */
export const formPage = { pageCache: {}, hydrate: false } as const satisfies PageHandle;

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
    if (page.cacheTags !== undefined) merged.cacheTags = page.cacheTags;
    if (page.edgeMaxAge !== undefined) merged.edgeMaxAge = page.edgeMaxAge;
  }
  return merged;
}

/**
 * What each address's routes say about its page, read from the server build (the same matching
 * React Router does): for the front cache (server/page-policies.ts) and whatever else renders pages.
 */
export function routeHandles(routes: ServerBuild["routes"]): (pathname: string) => PageHandle {
  const byId = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    byId.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle,
      children: [],
    } as RouteObject & {
      children: RouteObject[];
    });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = byId.get(route.id)!;
    if (route.parentId) byId.get(route.parentId)?.children.push(node);
    else roots.push(node);
  }
  const routesFor = routesByFirstSegment(roots);
  return (pathname) => pageHandleOf((matchRoutes(routesFor(pathname), pathname) ?? []).map((match) => match.route.handle));
}

/**
 * React Router's matchRoutes flattens and ranks the whole route tree on every call: 1.4 ms for this site's
 * 230 routes, paid by every address the server has not matched before (a crawler's random paths, each test
 * server's first requests; 7 % of a test server's CPU, issue 48). An address can only match routes whose
 * path starts with its first segment or with a parameter, so the tree is cut once per first segment and
 * matchRoutes, still the judge, ranks a few routes instead of all. Addresses it decodes or normalises
 * differently (escapes, doubled or back slashes) get the whole tree.
 */
export function routesByFirstSegment(roots: RouteObject[]): (pathname: string) => RouteObject[] {
  // A route's own first segment: a static word (lowercased, as matching ignores case), or "" when it has no
  // path of its own (a layout, an index), or "*" when any word could match (a parameter, a splat, optional).
  const firstOf = (route: RouteObject): string => {
    const path = (route.path ?? "").replace(/^\/+/, "");
    if (path === "") return "";
    const first = path.split("/")[0]!;
    return /^[\w.-]+$/.test(first) && !first.startsWith(":") ? first.toLowerCase() : "*";
  };
  // The tree cut to what an address whose first segment is `word` could match ("" for "/").
  const cut = (routes: RouteObject[], word: string): RouteObject[] =>
    routes.flatMap((route) => {
      const first = firstOf(route);
      if (first === "*" || (first !== "" && first === word)) return [route];
      if (first !== "") return [];
      if (!route.children?.length) return word === "" ? [route] : [];
      const children = cut(route.children, word);
      return children.length > 0 ? [{ ...route, children } as RouteObject] : [];
    });
  const words = new Set<string>();
  const collect = (routes: RouteObject[]) => {
    for (const route of routes) {
      const first = firstOf(route);
      if (first === "") collect(route.children ?? []);
      else if (first !== "*") words.add(first);
    }
  };
  collect(roots);
  const trees = new Map<string, RouteObject[]>();
  for (const word of [...words, ""]) trees.set(word, cut(roots, word));
  // Any other first word: only the routes whose first segment is a parameter or a splat can match it.
  const others = cut(roots, "\u0000");
  return (pathname) => {
    if (/[%\\]|\/\//.test(pathname) || !pathname.startsWith("/")) return roots;
    const word = pathname.slice(1).split("/")[0]!.toLowerCase();
    return trees.get(word) ?? others;
  };
}
