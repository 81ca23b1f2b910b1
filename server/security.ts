import { randomFillSync } from "node:crypto";
import type { RequestHandler } from "express";
import { allowedOrigins, isCrossSite } from "~/core/http/cross-site";
import type { Env } from "~/core/instance/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request that says it came from another site (Origin or Sec-Fetch-Site)
 * answers 403, signed in or not. Same-origin calls need no token; requests with neither
 * header (curl, server-to-server) are not from a browser and pass.
 */
export function rejectCrossSiteWrites(env: Env): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origins = allowedOrigins(env.SITE_URL, `${req.protocol}://${req.get("host")}`);
    if (isCrossSite({ secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin") }, origins)) {
      res.status(403).json({ success: false, message: "Cross-site requests are not allowed" });
      return;
    }
    next();
  };
}

/** Uploads may carry a 5 MB image plus the multipart envelope; everything else is small. */
const LIMITS: Array<[RegExp, number]> = [
  // An image (MAX_UPLOAD_BYTES, 5 MB, in app/blog/post/schema.ts) and its multipart envelope: the post form's
  // upload and the media library's, which documents the same 5 MB.
  [/^\/api\/(upload|admin\/media)$/, 6 * 1024 * 1024],
  [/^\/api\/blog(\/\d+)?$/, 8 * 1024 * 1024], // a post may carry its image as base64
  [/^\/api\/admin\/import$/, 51 * 1024 * 1024], // a content archive: 50 MB (MAX_IMPORT_BYTES) and the envelope
  [/.*/, 1024 * 1024],
];

export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const limit = LIMITS.find(([pattern]) => pattern.test(req.path))![1];
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding")) {
        // Without a length we could only find out by reading; browsers always send one.
        res.status(411).json({ success: false, message: "A Content-Length header is required" });
        return;
      }
      return next();
    }
    if (Number(length) > limit) {
      // The upload answers in the spec's {success, error} shape, with the message its form shows.
      const message =
        req.path === "/api/upload" || req.path === "/api/admin/media"
          ? "Please select an image smaller than 5MB"
          : `The request is too large (at most ${Math.round(limit / 1024 / 1024)} MB)`;
      res.status(413).json({ success: false, message, error: message });
      return;
    }
    next();
  };
}

/**
 * A fresh CSP nonce: 128 random bits, base64. The bits come from the system's CSPRNG in 4 KB
 * batches, since one call per request showed as 3% of a cached page's cost.
 */
const noncePool = Buffer.alloc(4096);
let noncePoolOffset = noncePool.length;
export function cspNonce(): string {
  if (noncePoolOffset + 16 > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + 16);
  noncePoolOffset += 16;
  return nonce;
}
