import { gzipSync } from "node:zlib";
import { ApiError } from "./api.server";
import { ImageRejected } from "./blog-image.server";
import { PostNotFound } from "./blog.server";

/** Shared bits of the /api/blog* routes. */

export function parsePostId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || !Number.isSafeInteger(id) || id < 1) throw new ApiError(404, "Blog post not found");
  return id;
}

/** Service errors as the API's answers: unknown post 404, refused image 400/413 on the `image` field. */
export async function translateBlogErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostNotFound) throw new ApiError(404, "Blog post not found");
    if (error instanceof ImageRejected) throw new ApiError(error.status, error.message, { error: error.message, errors: { imageData: error.message } });
    throw error;
  }
}

const gzipCache = new Map<string, Buffer>();

/**
 * A JSON body that is the same for many requests, gzipped once and reused while its key holds
 * (the compression middleware leaves an already-encoded body alone).
 */
export function cachedJsonResponse(request: Request, key: string, body: string, headers: Record<string, string>): Response {
  const etag = `W/"${key}"`;
  const base = { "Content-Type": "application/json; charset=utf-8", ETag: etag, Vary: "Accept-Encoding, Cookie", ...headers };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: base });
  if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "") && body.length > 1024) {
    let zipped = gzipCache.get(key);
    if (!zipped) {
      if (gzipCache.size > 8) gzipCache.clear();
      zipped = gzipSync(body, { level: 6 });
      gzipCache.set(key, zipped);
    }
    return new Response(new Uint8Array(zipped), { headers: { ...base, "Content-Encoding": "gzip" } });
  }
  return new Response(body, { headers: base });
}
