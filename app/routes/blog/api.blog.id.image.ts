/**
 * GET /api/blog/{id}/image[?w=400|800|1200][&v=<version>]
 *   The post's uploaded image (drafts' images only for an admin). Without `w`: the stored image
 *   in its own type. With `w`: a resized variant in AVIF, WebP or JPEG, chosen from the Accept
 *   header (Vary: Accept), made once and kept in blog_image_variants.
 *   ETag on every answer, 304 for a matching If-None-Match. Cache-Control: a year, immutable,
 *   when `v` names the current version (the pages always link that way); else 5 minutes; a draft's
 *   image (admin only) is `private, no-store`.
 *   404 JSON when there is no such post or image; 400 for another width; 302 to the original while the
 *   instance makes as many variants as it may (image.server.ts).
 */
import type { Route } from "./+types/api.blog.id.image";
import { ApiError, withApi, methodNotAllowed } from "~/core/http/api.server";
import { getAdminSession } from "~/auth/session.server";
import { parsePostId } from "~/blog/writing/api.server";
import { negotiateFormat, parseWidth } from "~/blog/media/image.server";
import { readPostImage, variantOr } from "~/blog/media/image-variants.server";
import { imageVisibility } from "~/blog/post/posts.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const id = parsePostId(params.id);
  const url = new URL(request.url);
  const width = parseWidth(url.searchParams.get("w"));
  if (Number.isNaN(width)) throw new ApiError(400, "Width must be one of 400, 800 or 1200");
  const visibility = await imageVisibility(id, async () => Boolean(await getAdminSession(request)));
  if (!visibility) throw new ApiError(404, "Image not found");
  const original = `${url.pathname}${url.searchParams.has("v") ? `?v=${encodeURIComponent(url.searchParams.get("v")!)}` : ""}`;
  const image = await variantOr(() => readPostImage(id, width, negotiateFormat(request.headers.get("accept"))), original);
  if (image instanceof Response) return image;
  if (!image) throw new ApiError(404, "Image not found");

  const versioned = url.searchParams.get("v") === image.baseEtag;
  const headers: Record<string, string> = {
    ETag: image.etag,
    // A draft's image is the admin's alone: no shared cache may keep it, nor serve it after publishing changes.
    "Cache-Control":
      visibility === "admin" ? "private, no-store" : versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    "Content-Security-Policy": "default-src 'none'",
  };
  if (width !== null) headers.Vary = "Accept";
  const ifNoneMatch = request.headers.get("if-none-match");
  if (
    ifNoneMatch &&
    ifNoneMatch
      .split(",")
      .map((t) => t.trim().replace(/^W\//, ""))
      .includes(image.etag)
  ) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(image.data), {
    headers: { ...headers, "Content-Type": image.mimeType, "Content-Length": String(image.data.length) },
  });
});

export const action = methodNotAllowed("GET");
