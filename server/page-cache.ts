import type { RequestHandler } from "express";
import { blogVersion } from "~/utils/blog.server";
import { prepareSplicedGzip, splicedGzip, type SplicedGzip } from "./gzip-splice";

/**
 * Rendered blog and search pages, kept in memory and served again while the blog's version
 * (see blogVersion: a count/max(id)/max(updated_at) query run at most every 250 ms, so other
 * instances' writes show within that time) is unchanged. Rendering is the costly part of these
 * pages; this is what brings them from ~100 to thousands of requests a second.
 *
 * Only anonymous GETs are cached (no session cookie). The CSP nonce baked into a stored page is
 * swapped for this request's nonce, so scripts still need the per-request nonce to run.
 */
const CACHEABLE = /^\/(?:blog(?:\/[a-z0-9-]+)?|search)(?:\.data)?$|^\/api\/blog$/;
const MAX_ENTRIES = 500;

type Entry = {
  version: string;
  nonce: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Compressed once, made lazily on the first hit that accepts gzip. */
  gzip?: SplicedGzip;
};
const cache = new Map<string, Entry>();

export function blogPageCache(): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" || !CACHEABLE.test(req.path) || /(?:^|;\s*)clink_session=/.test(req.headers.cookie ?? "")) return next();
    let version: string;
    try {
      version = await blogVersion();
    } catch {
      return next();
    }
    const nonce = res.locals.cspNonce as string;
    const acceptsGzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    // The JSON API compresses its own body, so its entries are kept per encoding.
    const isApi = req.path.startsWith("/api/");
    const key = isApi ? `${acceptsGzip ? "gzip" : "identity"} ${req.originalUrl}` : req.originalUrl;
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      // Most recently used last, so the oldest is dropped first.
      cache.delete(key);
      cache.set(key, hit);
      res.status(hit.status).set(hit.headers).set("X-Cache", "HIT");
      if (hit.headers.etag && req.headers["if-none-match"] === hit.headers.etag) {
        res.status(304).end();
        return;
      }
      if (hit.headers["content-encoding"]) {
        res.end(hit.body);
        return;
      }
      if (hit.nonce && acceptsGzip) {
        hit.gzip ??= prepareSplicedGzip(hit.body.toString("utf8"), hit.nonce);
        // An encoded body: the compression middleware leaves it alone.
        res.set("Content-Encoding", "gzip").set("Vary", "Accept-Encoding");
        res.end(splicedGzip(hit.gzip, nonce));
        return;
      }
      res.end(hit.nonce ? Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)) : hit.body);
      return;
    }

    res.setHeader("X-Cache", "MISS");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const cacheable = res.statusCode === 200 && !res.getHeader("set-cookie");
      if (cacheable) {
        const headers: Record<string, string> = {};
        // Pages are stored as rendered (the compression middleware's header is not theirs);
        // the API's body is already encoded by the route, so its encoding is kept with it.
        const names = ["content-type", "cache-control", "vary", "link", "etag", ...(isApi ? ["content-encoding"] : [])];
        for (const name of names) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, { version, nonce, status: res.statusCode, headers, body: Buffer.concat(chunks) });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
}
