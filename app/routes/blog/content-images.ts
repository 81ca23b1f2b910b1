/**
 * GET /content/images/{media/{hash}|posts/{id}/{version}|site/blog/{path}}.{ext}  a stored image (or one of the
 * site's own blog pictures, /images/blog/{path}.{ext}) at the address Ghost serves images from; /content/images/size/w{N}/[format/{webp|avif|jpeg|jpg|png|gif}/]…  its variant at one of
 * Ghost's default widths (200, 600, 1000, 1200, 1600, 2400), made by sharp on first request and kept in the
 * database (shared by every instance). Another size or format, or a variant while the instance makes as
 * many as it may (image.server.ts): 302 to the original, as Ghost answers.
 * The address names the content: cached a year, immutable, with an ETag (304). A draft's cover only for
 * staff (private, no-store). 404 for anything else (decision record 0054).
 */
import type { Route } from "./+types/content-images";
import { getAdminSession } from "~/auth/session.server";
import { ApiError, methodNotAllowed, withApi } from "~/core/http/api.server";
import { parseContentImagePath } from "~/blog/post/content-images";
import { readContentImage } from "~/blog/media/content-images.server";
import { variantOr } from "~/blog/media/image-variants.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const asked = parseContentImagePath(new URL(request.url).pathname);
  if (!asked) throw new ApiError(404, "Image not found");
  if ("redirect" in asked)
    return new Response(null, { status: 302, headers: { Location: asked.redirect, "Cache-Control": "public, max-age=3600" } });
  const found = await variantOr(
    () => readContentImage(asked.image, asked.width, asked.format, async () => Boolean(await getAdminSession(request))),
    asked.original,
  );
  if (found instanceof Response) return found;
  if (!found) throw new ApiError(404, "Image not found");
  const { image, visibility } = found;
  const headers: Record<string, string> = {
    ETag: image.etag,
    "Cache-Control": visibility === "admin" ? "private, no-store" : "public, max-age=31536000, immutable",
    // Ghost lets any origin read its images (a front end on another host draws them on a canvas).
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  };
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
