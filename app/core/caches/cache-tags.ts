/**
 * Cache tags: what a shared answer shows, named so that a CDN or Varnish can drop exactly the answers a
 * change touches (decision record 0080). One answer carries its tags twice: `Surrogate-Key` (Fastly,
 * Varnish's xkey; space-separated) and `Cache-Tag` (Cloudflare; comma-separated). A route names the
 * content it shows (its `handle.cacheTags`, or a `Surrogate-Key` its loader sets); the server adds `site`
 * and the page's address, and writes both headers (server/edge-tags.ts). A change names the same tags
 * (queueCachePurge, app/core/caches/cache-purge.server.ts).
 */

/** What every page carries (header, footer, brand, the deploy's assets): purged by a settings change or a deploy. */
export const SITE_TAG = "site";
/** The not-found page: a post or redirect that makes a missing address answer purges it. */
export const NOT_FOUND_TAG = "404";
/** Every list of posts (blog pages, tag and author pages, feeds, sitemaps, llms.txt, search): every post change purges it. */
export const BLOG_TAG = "blog";

/** The venues' JSON (/api/venues): every venue change purges it; the map's pages carry their city's tag. */
export const VENUES_TAG = "venues";
/** The early-adopter spots left (home, /early-access): each confirmed address purges them. */
export const SPOTS_TAG = "spots";

export const postTag = (id: number) => `post-${id}`;
export const tagPageTag = (slug: string) => `tag-${slug}`;
export const authorTag = (slug: string) => `author-${slug}`;
export const cityTag = (slug: string) => `city-${slug}`;

/**
 * What a live post's change (published, updated, unpublished, deleted) purges: its own page (and every page
 * linking it), every list of posts, its address, and the not-found page (a new post fills an address).
 */
export function postChangeTags(post: { id: number; slug: string }): string[] {
  return cacheTagList([postTag(post.id), BLOG_TAG, NOT_FOUND_TAG, pathTag(`/blog/${post.slug}`) ?? ""]);
}

/**
 * What a redirect rule changes: the answer at its address (a page, or the not-found page). A rule for
 * everything under a prefix (`/old/*`) may cover any page there: every page is purged (`site`).
 */
export function redirectTags(fromPath: string): string[] {
  if (fromPath.endsWith("*")) return [SITE_TAG];
  return [pathTag(fromPath) ?? SITE_TAG, NOT_FOUND_TAG];
}

/** Cloudflare and Fastly both refuse a tag header past 16 KB, and one tag past 1,024 bytes. */
export const MAX_TAG_HEADER_BYTES = 16 * 1024;
const MAX_TAG_BYTES = 1024;

/**
 * A tag as both CDNs take it: printable ASCII without spaces or commas (the headers' separators), lower
 * case (Cloudflare matches tags case-insensitively); anything else is dropped.
 */
export function cleanTag(tag: string): string | undefined {
  const clean = tag.trim().toLowerCase();
  if (!clean || clean.length > MAX_TAG_BYTES || !/^[\x21-\x7e]+$/.test(clean) || clean.includes(",")) return undefined;
  return clean;
}

/** The address's own tag, e.g. `path:/about`: a content page, or an address a redirect or new post takes over. */
export function pathTag(pathname: string): string | undefined {
  return cleanTag(`path:${pathname.replace(/\/+$/, "") || "/"}`);
}

/** Tags from a header or a list, cleaned and each once, in order. */
export function cacheTagList(...sources: ReadonlyArray<string | readonly string[] | undefined>): string[] {
  const tags = new Set<string>();
  for (const source of sources) {
    const items = typeof source === "string" ? source.split(/[\s,]+/) : (source ?? []);
    for (const item of items) {
      const clean = cleanTag(item);
      if (clean) tags.add(clean);
    }
  }
  return [...tags];
}

/**
 * The two headers for these tags. The list is kept in order up to 16 KB: routes name their broad tags
 * first, so a page listing more than fits still carries the tags every change of its content purges.
 */
export function cacheTagHeaders(tags: readonly string[]): { "surrogate-key": string; "cache-tag": string } {
  const kept: string[] = [];
  let bytes = 0;
  for (const tag of tags) {
    if (bytes + tag.length + 1 > MAX_TAG_HEADER_BYTES) break;
    kept.push(tag);
    bytes += tag.length + 1;
  }
  return { "surrogate-key": kept.join(" "), "cache-tag": kept.join(",") };
}

export type EdgePolicy = {
  /** A purger is configured (CDN_PURGE): the edge may keep answers long, they are purged on change. */
  purged: boolean;
  /** Seconds the edge keeps an answer when purged (EDGE_MAX_AGE). */
  maxAge: number;
};

/** Without purging, a CDN keeps a shared answer a minute, as before (decision record 0020). */
export const UNPURGED_EDGE_SECONDS = 60;
/** How long an edge may serve an answer past its lifetime while it refetches it, and while the origin fails. */
const REVALIDATE_SECONDS = 600;
const STALE_IF_ERROR_SECONDS = 7 * 86_400;

/**
 * The Cache-Control of a shared answer: browsers keep it `browserMaxAge` (0 for pages: they revalidate
 * with the ETag), a CDN or Varnish the edge lifetime, and serves it stale while it refetches it or while
 * the origin is down.
 */
export function sharedCacheControl(edge: EdgePolicy, browserMaxAge = 0): string {
  if (!edge.purged)
    return `public, max-age=${browserMaxAge}, s-maxage=${UNPURGED_EDGE_SECONDS}, stale-while-revalidate=${REVALIDATE_SECONDS}`;
  return `public, max-age=${browserMaxAge}, s-maxage=${edge.maxAge}, stale-while-revalidate=${REVALIDATE_SECONDS}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
}

/** The browser lifetime a route's Cache-Control gave (its `max-age`), 0 when none. */
export function browserMaxAge(cacheControl: string): number {
  const match = /(?:^|[\s,])max-age=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/** Whether a route's Cache-Control lets shared caches keep its answer. */
export function isShareable(cacheControl: string): boolean {
  return !/private|no-store|no-cache/i.test(cacheControl);
}
