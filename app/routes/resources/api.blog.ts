/**
 * GET  /api/blog  -> 200 BlogPostDto[] newest first (see ~/utils/blog-post-schema):
 *        {id, slug, title, excerpt, author, category, content, image, imageMimeType, published,
 *         createdAt, updatedAt, tags}. Without an admin session: published posts only; with one: all.
 *        `image` is `/api/blog/{id}/image?v=...` when the image was uploaded, else the stored URL/path
 *        or null. Sends an ETag; answers 304 to a matching If-None-Match.
 * POST /api/blog  (admin) JSON blogPostInputSchema:
 *        {title, author, excerpt, content, category, tags?, image?, imageData?, imageMimeType?,
 *         published? (default true), createdAt? (the publish date; a future one schedules the
 *         post), slug? (else made from the title, unique; 409 when taken), imageAlt?}
 *        -> 201 {success: true, post: BlogPostDto}
 *        -> 400 {success: false, message, errors: {field: message}}  | 401 signed out
 *        `imageData` + `imageMimeType` are what POST /api/upload answered (base64); the bytes are
 *        checked again and stored in the database.
 */
import type { Route } from "./+types/api.blog";
import { ApiError, json, parseJson, withApi } from "~/core/api.server";
import { getAdminSession, requireAdmin } from "~/auth/session.server";
import { translateBlogErrors } from "~/blog/api.server";
import { sharedBodyResponse } from "~/core/shared-body.server";
import { blogPostInputSchema } from "~/blog/schema";
import { createPost, listPostsJson, toDto } from "~/blog/posts.server";
import { notifyPostChanged } from "~/discoverability/jobs.server";
import type { PageHandle } from "~/core/page-handle";

// The anonymous list is the same for everyone until the blog changes: the front cache keeps it.
export const handle = { pageCache: { versions: ["blog"] } } satisfies PageHandle;

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const session = request.headers.get("cookie") ? await getAdminSession(request) : null;
  const includeDrafts = Boolean(session);
  const { version, make } = await listPostsJson({ includeDrafts });
  const key = includeDrafts ? "blog-all" : "blog-pub";
  return sharedBodyResponse(request, { key, version, contentType: "application/json; charset=utf-8", make }, {
    "Cache-Control": includeDrafts ? "private, no-cache" : "public, max-age=0, must-revalidate",
    Vary: "Accept-Encoding, Cookie",
  });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { admin } = await requireAdmin(request);
  const input = await parseJson(request, blogPostInputSchema);
  const post = await translateBlogErrors(() => createPost(admin, input));
  // A post dated in the future is announced when it goes live (app/blog/go-live.server.ts), not now.
  if (post.live) await notifyPostChanged(post.slug);
  return json({ success: true, post: toDto(post) }, { status: 201 });
});
