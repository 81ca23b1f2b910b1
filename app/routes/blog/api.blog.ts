/**
 * GET  /api/blog  -> 200 BlogPostDto[] newest first (see ~/utils/blog-post-schema):
 *        {id, slug, title, excerpt, author, category, content, image, imageMimeType, published,
 *         createdAt, updatedAt, tags}. Without an admin session: published posts only; with one: all.
 *        `image` is `/api/blog/{id}/image?v=...` when the image was uploaded, else the stored URL/path
 *        or null. Sends an ETag; answers 304 to a matching If-None-Match.
 *        Drafts are listed for editors and up only (authors and contributors find theirs in /api/admin/posts).
 * POST /api/blog  (staff: contributors and up; contributors only drafts, 403 when `published`) JSON blogPostInputSchema:
 *        {title, author, authorId? (editors and up; else the signed-in member), excerpt, content, category, tags?, image?, imageData?, imageMimeType?,
 *         published? (default true), createdAt? (the publish date; a future one schedules the
 *         post), slug? (else made from the title, unique; 409 when taken), imageAlt?}
 *        -> 201 {success: true, post: BlogPostDto}
 *        -> 400 {success: false, message, errors: {field: message}}  | 401 signed out
 *        `imageData` + `imageMimeType` are what POST /api/upload answered (base64); the bytes are
 *        checked again and stored in the database.
 *        Header Idempotency-Key (optional, 1-200 visible characters; the editor sends one per dialog):
 *        a repeat with the same key and body answers 201 with the post the first made, never a second
 *        post; the same key with another body 422; its post deleted since 409. Keys are kept a day.
 *        The post, its image, address, audit line and IndexNow job are written in one transaction.
 */
import type { Route } from "./+types/api.blog";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { getStaffSession, requireStaff } from "~/auth/session.server";
import { seesAllPosts } from "~/auth/roles";
import { assertCanPublish, postAuthorFor } from "~/auth/post-access.server";
import { readIdempotencyKey, translateBlogErrors } from "~/blog/writing/api.server";
import { sharedBodyResponse } from "~/core/caches/shared-body.server";
import { blogPostInputSchema } from "~/blog/post/schema";
import { listPostsJson, toDto } from "~/blog/post/posts.server";
import { createPost } from "~/blog/writing/post-writes.server";
import { BLOG_TAG } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

// The anonymous list is the same for everyone until the blog changes: the front cache keeps it.
export const handle = { pageCache: { versions: ["blog"] }, cacheTags: [BLOG_TAG] } satisfies PageHandle;

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const session = request.headers.get("cookie") ? await getStaffSession(request) : null;
  const includeDrafts = Boolean(session && seesAllPosts(session.staff));
  const { version, make } = await listPostsJson({ includeDrafts });
  const key = includeDrafts ? "blog-all" : "blog-pub";
  return sharedBodyResponse(
    request,
    { key, version, contentType: "application/json; charset=utf-8", make },
    {
      "Cache-Control": includeDrafts ? "private, no-cache" : "public, max-age=0, must-revalidate",
      Vary: "Accept-Encoding, Cookie",
    },
  );
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { staff } = await requireStaff(request, "contributor");
  const idempotencyKey = readIdempotencyKey(request);
  const input = await parseJson(request, blogPostInputSchema);
  assertCanPublish(staff, input.published);
  const authorId = await postAuthorFor(staff, input.authorId, true);
  const post = await translateBlogErrors(() => createPost(staff, { ...input, authorId }, { idempotencyKey }));
  return json({ success: true, post: toDto(post) }, { status: 201 });
});
