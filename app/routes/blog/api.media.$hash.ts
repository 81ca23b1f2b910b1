/**
 * GET /api/media/{hash}[?w=400|800|1200] an image uploaded for posts' text. Without `w`: the stored image;
 * with it, a resized AVIF/WebP/JPEG variant chosen by the Accept header (Vary: Accept), made once and kept.
 * The address names the content, so it never changes: cached a year, immutable. 404 unknown, 400 other widths,
 * 302 to the original while the instance makes as many variants as it may (image.server.ts).
 */
import type { Route } from "./+types/api.media.$hash";
import { ApiError, methodNotAllowed, withApi } from "~/core/http/api.server";
import { negotiateFormat, parseWidth } from "~/blog/media/image.server";
import { variantOr } from "~/blog/media/image-variants.server";
import { readMedia } from "~/blog/media/media.server";
import { MEDIA_HASH_PATTERN } from "~/blog/media/media";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const hash = params.hash ?? "";
  if (!MEDIA_HASH_PATTERN.test(hash)) throw new ApiError(404, "Image not found");
  const width = parseWidth(new URL(request.url).searchParams.get("w"));
  if (Number.isNaN(width)) throw new ApiError(400, "Width must be one of 400, 800 or 1200");
  const image = await variantOr(() => readMedia(hash, width, negotiateFormat(request.headers.get("accept"))), `/api/media/${hash}`);
  if (image instanceof Response) return image;
  if (!image) throw new ApiError(404, "Image not found");
  const headers: Record<string, string> = {
    ETag: image.etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
    ...(width !== null ? { Vary: "Accept" } : {}),
  };
  if (request.headers.get("if-none-match")?.includes(image.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.data), {
    headers: { ...headers, "Content-Type": image.mimeType, "Content-Length": String(image.data.length) },
  });
});

export const action = methodNotAllowed("GET");
