/**
 * GET    /api/blog/{id}  -> 200 BlogPostDto (drafts only with an admin session) | 404
 * PUT    /api/blog/{id}  (admin) either the full post body (as POST /api/blog; a different `slug`
 *        moves the post and its old address answers 301, 409 when another post has it; updatedAt
 *        is set by the server) or only {published: boolean} (the
 *        list's toggle) -> 200 {success: true, post} | 400 {success:false, message, errors} | 404
 *        Image on a full edit: imageData+imageMimeType replace the upload; `image` equal to the
 *        post's own /api/blog/{id}/image address keeps it; any other `image` (or none) drops it.
 * DELETE /api/blog/{id}  (admin) -> 200 {success: true} | 404
 * Every change is written to the audit log (blog.create/update/publish/unpublish/delete).
 */
import type { Route } from "./+types/api.blog.id";
import { ApiError, json, readJson, withApi } from "~/core/api.server";
import { fieldErrors } from "~/core/field-errors";
import { getAdminSession, requireAdmin } from "~/auth/session.server";
import { parsePostId, translateBlogErrors } from "~/blog/api.server";
import { blogPostInputSchema, blogPublishSchema, isPublishOnlyBody } from "~/blog/schema";
import { deletePost, findPost, setPublished, toDto, updatePost } from "~/blog/posts.server";
import { notifyPostChanged } from "~/discoverability/jobs.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const id = parsePostId(params.id);
  const post = await findPost(id);
  if (!post || (!post.live && !(await getAdminSession(request)))) throw new ApiError(404, "Blog post not found");
  return json(toDto(post));
});

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") throw new ApiError(405, "Method not allowed");
  const { admin } = await requireAdmin(request);
  const id = parsePostId(params.id);
  if (request.method === "DELETE") {
    const gone = await findPost(id);
    await translateBlogErrors(() => deletePost(admin, id));
    if (gone?.live) await notifyPostChanged(gone.slug);
    return json({ success: true });
  }
  const body = await readJson(request);
  if (isPublishOnlyBody(body)) {
    const parsed = blogPublishSchema.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error);
    const post = await translateBlogErrors(() => setPublished(admin, id, parsed.data.published));
    // Published or unpublished, search engines should fetch the address again; a post dated in the
    // future is announced when it goes live (app/blog/go-live.server.ts).
    if (!isScheduled(post)) await notifyPostChanged(post.slug);
    return json({ success: true, post: toDto(post) });
  }
  const parsed = blogPostInputSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  const post = await translateBlogErrors(() => updatePost(admin, id, parsed.data));
  if (!isScheduled(post)) await notifyPostChanged(post.slug);
  return json({ success: true, post: toDto(post) });
});

/** Published with a publish date still ahead: announced at go-live, not at save. */
function isScheduled(post: { published: boolean; live: boolean }): boolean {
  return post.published && !post.live;
}

function invalid(error: Parameters<typeof fieldErrors>[0]) {
  const errors = fieldErrors(error);
  return new ApiError(400, Object.values(errors)[0] ?? "Invalid input", { errors });
}
