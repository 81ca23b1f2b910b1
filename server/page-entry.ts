import { digestOf } from "~/core/secrets/digest.server";
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzip } from "node:zlib";
import { promisify } from "node:util";
import type { ContentEncoding } from "~/core/http/content-encoding";
import { sharedAnswerHeaders } from "./edge-tags";
import type { PagePolicy } from "./page-policies";

/**
 * A page the front cache keeps (server/front-cache.ts): the bytes and headers everyone gets, in each
 * encoding, made once. Every kept page is the same bytes for everyone: a page rendered with inline
 * scripts (React Router's, on a page that hydrates) loses the render's nonce, and its CSP allows exactly
 * those scripts by their SHA-256 hashes, worked out here once (decision record 0015).
 */

/**
 * nginx in front of the site (deploy/nginx.conf) keeps a shared page one second instead (X-Accel-Expires
 * outranks Cache-Control there, and nginx never passes it on), then revalidates it with its ETag: a
 * published post shows at once, and nginx still answers bursts from its cache (decision record 0020).
 */
const FRONT_PROXY_SECONDS = "1";

export type Variant = { headers: OutgoingHttpHeaders; missHeaders: OutgoingHttpHeaders; etag: string; body: Buffer };
export type PageEntry = { status: number; variants: Partial<Record<ContentEncoding, Variant>> };

// Response headers that belong to one response, or that the cache sets itself.
const OWN_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
  "vary",
  "content-encoding",
  "x-cache",
  "last-modified",
]);

const gzipAsync = promisify(gzip);

/**
 * The rendered answer as a page to keep (plain and gzip), or null when it may not be shared. The gzip
 * is made on libuv's thread pool: ~0.3 ms of every miss (a new search) off the one main thread.
 */
export async function makeEntry(res: ServerResponse, body: Buffer, policy: PagePolicy, pathname: string): Promise<PageEntry | null> {
  const entry = plainEntry(res, body, policy, pathname);
  if (!entry) return null;
  const identity = entry.variants.identity!;
  entry.variants.gzip = variant(identity, await gzipAsync(identity.body, { level: 9 }), "gzip");
  return entry;
}

function plainEntry(res: ServerResponse, body: Buffer, policy: PagePolicy, pathname: string): PageEntry | null {
  const status = res.statusCode;
  if (status !== 200 && !(status === 404 && policy.pageCache?.sharedKey)) return null;
  if (res.getHeader("set-cookie") !== undefined || res.getHeader("content-encoding") !== undefined) return null;
  // CDNs and proxies may keep a shared page (a minute, or a day when purged on change), tagged with what it shows.
  const shared = sharedAnswerHeaders(
    policy,
    pathname,
    status,
    String(res.getHeader("cache-control") ?? ""),
    res.getHeader("surrogate-key")?.toString(),
  );
  if (!shared) return null;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined && !OWN_HEADERS.has(name)) headers[name] = value;
  // The encoding is ours to choose now; whatever else the route said it varies by still holds.
  const routeVary = String(res.getHeader("vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== "accept-encoding");
  headers["vary"] = ["Accept-Encoding", ...routeVary].join(", ");

  // Express put this response's nonce in its CSP (server/index.ts); the kept page needs none.
  const nonce = (res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce;
  let page = body;
  if (nonce && body.includes(nonce)) page = Buffer.from(body.toString("utf8").replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, ""));
  const csp = headers["content-security-policy"];
  if (csp) headers["content-security-policy"] = withScriptHashes(String(csp), inlineScriptHashes(page.toString("utf8")));
  Object.assign(headers, shared);
  headers["x-accel-expires"] = FRONT_PROXY_SECONDS;
  const tag = digestOf(page, "base64url").slice(0, 27);
  const identity: Variant = withHeaders({ headers, missHeaders: {}, etag: `"${tag}"`, body: page });
  return { status, variants: { identity } };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// Data blocks (JSON, JSON-LD) are never run, so the CSP need not name them.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** The CSP sources of the page's inline scripts: 'sha256-…' of each one's exact text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${digestOf(text, "base64")}'`);
  }
  return [...hashes];
}

/**
 * The CSP with the render's nonce replaced by the page's script hashes. 'strict-dynamic' goes too: the
 * scripts the inline ones load come from our origin ('self'), as on every other page. No 'unsafe-inline'.
 */
export function withScriptHashes(csp: string, hashes: readonly string[]): string {
  return csp
    .replace(/\s*'strict-dynamic'/g, "")
    .replace(/\s*'nonce-[^']*'/g, "")
    .replace(/script-src ([^;]*)/, (_all, sources: string) => `script-src ${[sources.trim(), ...hashes].filter(Boolean).join(" ")}`);
}

function withHeaders(variant: Variant, encoding?: string): Variant {
  const base: OutgoingHttpHeaders = { ...variant.headers, etag: variant.etag, "content-length": variant.body.length };
  if (encoding) base["content-encoding"] = encoding;
  return { ...variant, headers: { ...base, "x-cache": "HIT" }, missHeaders: { ...base, "x-cache": "MISS" } };
}

/** The page in another encoding, with its own ETag. */
export function variant(identity: Variant, body: Buffer, encoding: "gzip" | "br"): Variant {
  const suffix = encoding === "gzip" ? "gz" : "br";
  const headers = { ...identity.headers };
  delete headers.etag;
  delete headers["content-length"];
  delete headers["x-cache"];
  return withHeaders({ headers, missHeaders: {}, etag: `${identity.etag.slice(0, -1)}-${suffix}"`, body }, encoding);
}

export function headers304(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const { "content-length": _length, "content-type": _type, "content-encoding": _encoding, ...rest } = headers;
  return rest;
}

export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag || ifNoneMatch === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export function entrySize(entry: PageEntry): number {
  return Object.values(entry.variants).reduce((sum, variant) => sum + variant.body.length + 1024, 0);
}
