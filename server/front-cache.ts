import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { brotliCompress, constants } from "node:zlib";
import { requestTargetProblem } from "~/core/text/clean-input";
import { preferredEncoding, type ContentEncoding } from "~/core/http/content-encoding";
import { hasAnyCookie } from "~/core/http/cookies";
import { VersionedCache } from "~/core/caches/versioned-cache";
import type { PageCachePolicy } from "~/core/http/page-handle";
import { versionOf } from "~/content-versions.server";
import type { PagePolicy } from "./page-policies";
import { answerFault, answeringFaults, observeAnswer, requestIdOf, type TrustProxy } from "./plain-answers";
import { turns } from "./render-turns";
import { entrySize, headers304, makeEntry, matchesEtag, variant, type PageEntry } from "./page-entry";

/**
 * The front of the server: a plain request listener that answers every anonymous GET of a
 * cacheable page from memory, before Express (Express alone costs ~6x a bare node:http answer).
 * Everything else, and every miss, goes to Express; a miss's answer is captured, kept and then
 * served from the cache like a hit, so both send the same bytes and headers (Express's security
 * headers included).
 *
 * - Which pages, and on which content they depend, comes from each page's `handle`
 *   (app/core/http/page-handle.ts); the key is the path, the page's own query parameters normalised,
 *   the deploy and the current content versions (read from the database, so a post published on
 *   another instance sharing PostgreSQL refreshes the pages here too).
 * - A request carrying a personal cookie (the features' personal cookies, read with the same
 *   parser as the session check) is never answered from or stored in it; nor is an answer that
 *   sets a cookie, says private/no-store, or is not a 200 (the shared 404 page excepted).
 * - Every kept page is the same bytes for everyone (./page-entry.ts): brotli and gzip made once, a
 *   strong ETag, 304s, and a Cache-Control a CDN may keep; inline scripts, if a page has any, are
 *   allowed by their hashes, not by a per-response nonce.
 */

export type FrontCacheOptions = {
  /** Express: everything the front does not answer itself. */
  app: RequestListener;
  /** Addresses Express answers itself, outside the pages (e.g. /healthz): never the 404 page's. */
  expressPaths: ReadonlySet<string>;
  policyOf: (pathname: string) => PagePolicy;
  /** Changes with every build, so a deploy never serves an old page's asset links. */
  deployId: string;
  maxBytes: number;
  /** Express's compiled `trust proxy` (for the client address given to response observers). */
  trustProxy: TrustProxy;
  /** The features' personal cookies (given at start: server/ imports no feature). */
  personalCookies: readonly string[];
  /**
   * How many misses render at once (default 2); the others wait their turn outside the event loop's
   * queue, and each starts as a new task of the loop, one per turn (see `turns`). Rendering is work on the
   * one main thread either way, so more at once adds no throughput, but every one of them is ahead of a
   * cached page or /healthz in the queue: 20 clients sending new searches made /healthz wait 0.3-1.5 s
   * (decision records 0022, 0024).
   */
  concurrentRenders?: number;
};

/** Requests the front cache is rendering to keep: it compresses their answer itself, in every encoding. */
const captured = new WeakSet<IncomingMessage>();
export const isFrontCacheCapture = (req: IncomingMessage): boolean => captured.has(req);

export function frontCache(options: FrontCacheOptions) {
  const { app, policyOf, deployId } = options;
  // A page with query parameters (/search?q=, /blog?q=, /venue-map?city=) starts in the cache's
  // probationary segment and joins the main one when asked for again (core/caches/versioned-cache.ts): a
  // stream of one-off searches neither pushes popular pages out nor costs a brotli compression each
  // (a page on probation is served gzip; brotli is made when it is promoted).
  const cache: VersionedCache<PageEntry> = new VersionedCache<PageEntry>({
    maxBytes: options.maxBytes,
    sizeOf: entrySize,
    probation: (key) => key.includes("?"),
    onPromote: (key, version, entry) => addBrotli(entry, key, version),
  });
  const rendering = new Map<string, Promise<PageEntry | null>>();
  const renderTurn = turns(options.concurrentRenders ?? 2);
  const encodings = new Map<string, ContentEncoding>();

  // Addresses with a query repeat too (a popular search): parse and normalise each once. On /search?q=
  // hits this was ~10% of the answer (0.78 of a bare server, against 0.86-1.0 for pages without a query).
  const normalisedUrls = new Map<string, string>();
  function normalisedOnce(url: string, pathname: string, queryAt: number, normalisers: PageCachePolicy["query"]): string {
    let normal = normalisedUrls.get(url);
    if (normal === undefined) {
      normal = normalisedUrl(pathname, url.slice(queryAt + 1), normalisers);
      // At most 1,000 addresses of at most 500 characters: ~1 MB, however long the addresses sent.
      if (url.length > 500) return normal;
      if (normalisedUrls.size >= 1000) normalisedUrls.clear();
      normalisedUrls.set(url, normal);
    }
    return normal;
  }

  /** Accept-Encoding values repeat: negotiate each once. */
  function encodingFor(acceptEncoding: string | undefined, offered: readonly ContentEncoding[]): ContentEncoding {
    const memoKey = `${offered.length}${acceptEncoding ?? ""}`;
    let chosen = encodings.get(memoKey);
    if (chosen === undefined) {
      if (encodings.size > 200) encodings.clear();
      chosen = preferredEncoding(acceptEncoding, offered);
      encodings.set(memoKey, chosen);
    }
    return chosen;
  }

  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    entry: PageEntry,
    acceptEncoding: string | undefined,
    hit: boolean,
    pathname: string,
  ) {
    const started = performance.now();
    let status = entry.status;
    // Every answer carries a request id, hits too, so a report from a visitor can be traced (Express sets it on misses).
    if (hit) res.setHeader("X-Request-Id", requestIdOf(req));
    const encoding = encodingFor(acceptEncoding, entry.variants.br ? ["br", "gzip", "identity"] : ["gzip", "identity"]);
    const variant = entry.variants[encoding] ?? entry.variants.identity!;
    const headers = hit ? variant.headers : variant.missHeaders;
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && status === 200 && matchesEtag(ifNoneMatch, variant.etag)) {
      status = 304;
      res.writeHead(304, headers304(headers));
      res.end();
    } else {
      res.writeHead(status, headers);
      res.end(req.method === "HEAD" ? undefined : variant.body);
    }
    // A miss is reported by Express's own observer; hits never reach Express.
    if (hit) observeAnswer(req, { path: pathname, status, ip: options.trustProxy, cacheHit: true, started });
  }

  /** Renders through Express with the response held back; keeps it if it may be shared. */
  function render(
    req: IncomingMessage,
    res: ServerResponse,
    policy: PagePolicy,
    pathname: string,
    key: string,
    version: string,
    acceptEncoding: string | undefined,
  ): Promise<PageEntry | null> {
    return new Promise((resolve) => {
      // A connection closed mid-render may never see the response end (React Router aborts the request):
      // the turn is free at once, not after turns()'s give-up time.
      res.once("close", () => resolve(null));
      // Rendered plain and whole: the cache compresses and answers conditionals itself.
      captured.add(req);
      delete req.headers["accept-encoding"];
      delete req.headers["if-none-match"];
      delete req.headers["if-modified-since"];
      const chunks: Buffer[] = [];
      const collect = (chunk: unknown, encoding: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === "function") return;
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : typeof chunk === "string"
              ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
              : Buffer.from(chunk as Uint8Array),
        );
      };
      const held = res as unknown as Record<"writeHead" | "write" | "end", unknown>;
      held.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
        this.statusCode = code;
        const headers = rest.find((arg) => arg && typeof arg === "object") as OutgoingHttpHeaders | undefined;
        if (headers && !Array.isArray(headers))
          for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
        return this;
      };
      held.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
        collect(chunk, encoding);
        const done = typeof encoding === "function" ? encoding : callback;
        if (typeof done === "function") process.nextTick(done as () => void);
        return true;
      };
      held.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown) {
        collect(chunk, encoding);
        delete held.writeHead;
        delete held.write;
        delete held.end;
        const body = Buffer.concat(chunks);
        makeEntry(this, body, policy, pathname)
          .catch(() => null)
          .then((entry) => {
            try {
              if (entry) {
                if (cache.set(key, version, entry) === "main") addBrotli(entry, key, version);
                // The visitor may have left while the page was compressed: it is kept, and sent to no one.
                if (this.destroyed) return resolve(entry);
                for (const name of this.getHeaderNames()) if (name !== "x-request-id") this.removeHeader(name);
                serve(req, this, entry, acceptEncoding, false, "");
              } else {
                this.setHeader("Content-Length", body.length);
                this.end(body);
              }
            } catch (error) {
              // Past the listener's own catch (a later turn): answered here, as ./plain-answers.ts would.
              answerFault(req, this, error, "front-cache");
            }
            resolve(entry);
          });
        return this;
      };
      app(req, res);
    });
  }

  function addBrotli(entry: PageEntry, key: string, version: string) {
    const identity = entry.variants.identity!;
    brotliCompress(
      identity.body,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.body.length } },
      (error, br) => {
        if (error || cache.get(key, version) !== entry) return;
        entry.variants.br = variant(identity, br, "br");
        cache.resize(key);
      },
    );
  }

  const listener = answeringFaults("front-cache", (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return app(req, res);
    const url = req.url ?? "/";
    // An address with malformed or unclean percent-encoding is Express's to refuse (400, request-guards.ts);
    // only an escaped byte can be unclean, so clean addresses pay one scan for "%".
    if (url.includes("%") && requestTargetProblem(url)) return app(req, res);
    const queryAt = url.indexOf("?");
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    // Files (with an extension, .data included) are Express's; so is anything with a personal cookie.
    const lastSlash = pathname.lastIndexOf("/");
    if (pathname.indexOf(".", lastSlash) >= 0 || options.expressPaths.has(pathname)) return app(req, res);
    const policy = policyOf(pathname);
    const pageCache = policy.pageCache;
    if (!pageCache || policy.private) return app(req, res);
    const cookie = req.headers.cookie;
    if (cookie && hasAnyCookie(cookie, options.personalCookies)) return app(req, res);

    const renderUrl = queryAt < 0 ? pathname : normalisedOnce(url, pathname, queryAt, pageCache.query);
    const key = pageCache.sharedKey ?? renderUrl;
    const contentVersion = versionOf(pageCache.versions);
    if (typeof contentVersion === "string") return answer(req, res, policy, pathname, renderUrl, key, deployId + contentVersion);
    return contentVersion.then(
      (version) => answer(req, res, policy, pathname, renderUrl, key, deployId + version),
      () => app(req, res),
    );
  });

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    policy: PagePolicy,
    pathname: string,
    renderUrl: string,
    key: string,
    version: string,
  ): void | Promise<unknown> {
    const acceptEncoding = req.headers["accept-encoding"];
    const entry = cache.get(key, version);
    if (entry) return serve(req, res, entry, acceptEncoding, true, pathname);
    if (req.method === "HEAD") return app(req, res);
    // One render per page and version, however many ask at once.
    const flight = `${version}\u0000${key}`;
    req.url = renderUrl;
    // A visitor who gave up while the render waited its turn is not rendered for: under a burst, rendering
    // for the departed made everyone after them wait longer still, until no one was answered in time.
    const queued = () =>
      renderTurn(() => (req.socket.destroyed ? Promise.resolve(null) : render(req, res, policy, pathname, key, version, acceptEncoding)));
    const pending = rendering.get(flight);
    if (pending) {
      // No shared page came of it (not shareable, or its visitor left): this one takes its own turn.
      return pending.then((made): unknown => (made ? serve(req, res, made, acceptEncoding, true, pathname) : queued()));
    }
    const made = queued().finally(() => rendering.delete(flight));
    rendering.set(flight, made);
    return made;
  }

  return { listener, cache };
}

/** The path with only the page's own query parameters, normalised and in a fixed order. */
function normalisedUrl(pathname: string, query: string, normalisers: PageCachePolicy["query"]): string {
  if (!normalisers) return pathname;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of Object.keys(normalisers).sort()) {
    const value = params.get(name);
    if (value === null) continue;
    const normal = normalisers[name]!(value);
    if (normal !== undefined) kept.set(name, normal);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}
