import type { OutgoingHttpHeaders } from "node:http";
import type express from "express";
import {
  browserMaxAge,
  cacheTagHeaders,
  cacheTagList,
  isShareable,
  NOT_FOUND_TAG,
  pathTag,
  sharedCacheControl,
  SITE_TAG,
  type EdgePolicy,
} from "~/core/caches/cache-tags";
import { getEnv } from "~/core/instance/env.server";
import type { PagePolicy } from "./page-policies";

/**
 * The one place shared answers get their cache tags and edge lifetime (decision record 0080): the pages the
 * front cache keeps (./page-entry.ts) and the files Express answers itself (feeds, sitemaps, llms.txt, the
 * blog's JSON list), through `edgeTags` below. What an answer shows comes from its route (`handle.cacheTags`,
 * a `Surrogate-Key` its loader set); `site` and the address are added here. Only an anonymous 200 (or the
 * shared not-found page) that the route let be shared is tagged; anything private keeps its own headers.
 */

let edge: EdgePolicy | undefined;
function edgePolicy(): EdgePolicy {
  if (!edge) {
    const env = getEnv();
    edge = { purged: env.CDN_PURGE.length > 0, maxAge: env.EDGE_MAX_AGE };
  }
  return edge;
}

/**
 * The Cache-Control and tag headers of a shared answer, or null when it is not one: `routeCacheControl`
 * and `routeKeys` are what the route set.
 */
export function sharedAnswerHeaders(
  policy: PagePolicy,
  pathname: string,
  status: number,
  routeCacheControl: string,
  routeKeys: string | undefined,
): OutgoingHttpHeaders | null {
  const page = Boolean(policy.pageCache);
  if (!page && !policy.cacheTags && !routeKeys) return null;
  // A page's own Cache-Control is the renderer's "no-cache" unless it said private or no-store (as the front cache reads it).
  if (page ? /private|no-store/i.test(routeCacheControl) : !isShareable(routeCacheControl)) return null;
  let tags: string[];
  if (status === 200) tags = cacheTagList([SITE_TAG], policy.cacheTags, routeKeys, [pathTag(pathname) ?? ""]);
  else if (status === 404 && page) tags = [SITE_TAG, NOT_FOUND_TAG];
  else return null;
  const edge = edgePolicy();
  const lifetime = policy.edgeMaxAge ? { ...edge, maxAge: Math.min(edge.maxAge, policy.edgeMaxAge) } : edge;
  return { "cache-control": sharedCacheControl(lifetime, page ? 0 : browserMaxAge(routeCacheControl)), ...cacheTagHeaders(tags) };
}

/**
 * Tags the answers Express sends (not those the front cache captures: it tags what it keeps). Installed
 * before ./private-answers.ts, so its no-store or private for a signed-in request is seen here first.
 */
export function edgeTags(policyOf: (pathname: string) => PagePolicy): express.RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.endsWith(".data")) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (this.getHeader("set-cookie") === undefined) {
        const headers = sharedAnswerHeaders(
          policyOf(req.path),
          req.path,
          status,
          String(this.getHeader("cache-control") ?? ""),
          this.getHeader("surrogate-key")?.toString(),
        );
        if (headers) for (const [name, value] of Object.entries(headers)) this.setHeader(name, value!);
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
