import type { RequestHandler, Response } from "express";
import { blogVersion } from "~/blog/posts.server";
import { preferredEncoding, type ContentEncoding } from "~/core/content-encoding";
import { prepareSplicedGzip, splicedGzip, type SplicedGzip } from "./gzip-splice";

/**
 * Rendered blog and search pages, kept in memory and served again while the blog's version
 * (see blogVersion: a count/max(id)/max(updated_at) query run at most every 250 ms, so other
 * instances' writes show within that time) is unchanged. Rendering is the costly part of these
 * pages; this is what brings them from ~100 to thousands of requests a second.
 *
 * Only anonymous GETs are cached (no session cookie). The CSP nonce baked into a stored page is
 * swapped for this request's nonce, so scripts still need the per-request nonce to run.
 *
 * Two halves: `serve` answers hits and sits before the compression middleware (a hit is already
 * compressed, and skipping that middleware is a tenth of a hit's cost); `store` sits just before
 * the React Router handler and keeps what a miss renders, uncompressed.
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
type Miss = { key: string; version: string; isApi: boolean; encoding: ContentEncoding };

export function blogPageCache(): { serve: RequestHandler; store: RequestHandler } {
  const cache = new Map<string, Entry>();

  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" || !CACHEABLE.test(req.path) || /(?:^|;\s*)clink_session=/.test(req.headers.cookie ?? "")) return next();
    let version: string;
    try {
      version = await blogVersion();
    } catch {
      return next();
    }
    const nonce = res.locals.cspNonce as string;
    // The JSON API compresses its own body (brotli or gzip), so its entries are kept per
    // encoding; pages are stored as rendered and gzipped here.
    const isApi = req.path.startsWith("/api/");
    const encoding = preferredEncoding(req.headers["accept-encoding"], isApi ? ["br", "gzip", "identity"] : ["gzip", "identity"]);
    const key = isApi ? `${encoding} ${req.originalUrl}` : req.originalUrl;
    const hit = cache.get(key);
    if (!hit || hit.version !== version) {
      res.locals.pageCacheMiss = { key, version, isApi, encoding } satisfies Miss;
      res.setHeader("X-Cache", "MISS");
      return next();
    }
    // Most recently used last, so the oldest is dropped first.
    cache.delete(key);
    cache.set(key, hit);
    res.status(hit.status).set(hit.headers).set("X-Cache", "HIT");
    if (hit.headers.etag && req.headers["if-none-match"] === hit.headers.etag) {
      res.status(304).end();
      return;
    }
    if (hit.headers["content-encoding"] || !hit.nonce) {
      res.end(hit.body);
      return;
    }
    res.set("Vary", "Accept-Encoding");
    if (encoding === "gzip") {
      hit.gzip ??= prepareSplicedGzip(hit.body.toString("utf8"), hit.nonce);
      sendParts(res.set("Content-Encoding", "gzip"), splicedGzip(hit.gzip, nonce));
      return;
    }
    res.end(Buffer.from(hit.body.toString("utf8").replaceAll(hit.nonce, nonce)));
  };

  const store: RequestHandler = (_req, res, next) => {
    const miss = res.locals.pageCacheMiss as Miss | undefined;
    if (!miss) return next();
    const nonce = res.locals.cspNonce as string;
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
      // An API body sent in another encoding than asked for (gzip while brotli is being made)
      // is not kept under this request's encoding.
      const sentEncoding = miss.isApi ? String(res.getHeader("content-encoding") ?? "identity") : miss.encoding;
      if (res.statusCode === 200 && !res.getHeader("set-cookie") && sentEncoding === miss.encoding) {
        const headers: Record<string, string> = {};
        // Pages are stored as rendered (the compression middleware's header is not theirs);
        // the API's body is already encoded by the route, so its encoding is kept with it.
        const names = ["content-type", "cache-control", "vary", "link", "etag", ...(miss.isApi ? ["content-encoding"] : [])];
        for (const name of names) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(miss.key, { version: miss.version, nonce, status: res.statusCode, headers, body: Buffer.concat(chunks) });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };

  return { serve, store };
}

/** Writes a body given in pieces as one response, without copying them into one buffer. */
function sendParts(res: Response, parts: Buffer[]) {
  res.setHeader("Content-Length", parts.reduce((sum, part) => sum + part.length, 0));
  res.cork();
  for (const part of parts.slice(0, -1)) res.write(part);
  res.end(parts.at(-1));
  if (res.writableCorked) res.uncork();
}
