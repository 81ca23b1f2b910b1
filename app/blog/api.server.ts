import { brotliCompress, constants, gzipSync } from "node:zlib";
import { ApiError, parseId } from "~/core/api.server";
import { ImageRejected } from "./image.server";
import { preferredEncoding } from "~/core/content-encoding";
import { VersionedCache } from "~/core/versioned-cache";
import { PostNotFound, SlugTaken } from "./posts.server";

/** Shared bits of the /api/blog* routes. */

export const parsePostId = (value: string | undefined): number => parseId(value, "Blog post not found");

/** Service errors as the API's answers: unknown post 404, a slug in use 409, refused image 400/413 on the `image` field. */
export async function translateBlogErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostNotFound) throw new ApiError(404, "Blog post not found");
    if (error instanceof SlugTaken) throw new ApiError(409, error.message, { errors: { slug: error.message } });
    if (error instanceof ImageRejected) throw new ApiError(error.status, error.message, { error: error.message, errors: { imageData: error.message } });
    throw error;
  }
}

type EncodedBody = { gzip: Buffer; br?: Buffer };
// Keyed by what the body is (drafts or not); the version is the key the caller names it by.
const encodedBodies = new VersionedCache<EncodedBody>({
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (encoded) => encoded.gzip.length + (encoded.br?.length ?? encoded.gzip.length),
});

/**
 * A JSON body's compressed forms, made once per key. Gzip is made at once; brotli at its best
 * setting is ~60% smaller (10 KB against 26 KB for 1,000 posts) but takes ~0.4 s, so it is made
 * on the thread pool and served once ready, gzip until then.
 */
function encodedBody(kind: string, version: string, body: string): EncodedBody {
  return encodedBodies.getOrMakeSync(kind, version, () => {
    const bytes = Buffer.from(body, "utf8");
    const made: EncodedBody = { gzip: gzipSync(bytes, { level: 6 }) };
    brotliCompress(bytes, { params: { [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }, (error, result) => {
      if (!error) made.br = result;
    });
    return made;
  });
}

/**
 * A JSON body that is the same for many requests, compressed once and reused while its key
 * holds (the compression middleware leaves an already-encoded body alone).
 */
export function cachedJsonResponse(
  request: Request,
  body: { kind: string; version: string; json: string },
  headers: Record<string, string>,
): Response {
  const etag = `W/"${body.kind}-${Buffer.from(body.version).toString("base64url")}"`;
  const base = { "Content-Type": "application/json; charset=utf-8", ETag: etag, Vary: "Accept-Encoding, Cookie", ...headers };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: base });
  const encoding = body.json.length > 1024 ? preferredEncoding(request.headers.get("accept-encoding"), ["br", "gzip", "identity"]) : "identity";
  if (encoding === "identity") return new Response(body.json, { headers: base });
  const encoded = encodedBody(body.kind, body.version, body.json);
  const [name, bytes] = encoding === "br" && encoded.br ? ["br", encoded.br] : ["gzip", encoded.gzip];
  return new Response(new Uint8Array(bytes), { headers: { ...base, "Content-Encoding": name } });
}
