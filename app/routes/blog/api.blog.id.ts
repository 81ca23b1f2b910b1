/**
 * GET    /api/blog/{id}  -> 200 BlogPostDto (drafts only for staff who may edit them) | 404
 * PUT    /api/blog/{id}  (staff: editors and up any post, authors their own, contributors their own
 *        drafts and never publishing; 403 otherwise) either the full post body (as POST /api/blog; a different `slug`
 *        moves the post and its old address answers 301, 409 when another post has it; updatedAt
 *        is set by the server) or only {published: boolean, version?} (the
 *        list's toggle) -> 200 {success: true, post} | 400 {success:false, message, errors} | 404
 *        A full edit may send `version` (BlogPostDto.version, as the editor opened it): when the post has
 *        changed since -> 409 {success: false, message, current: {version, updatedAt, updatedBy: {id, name} | null}}
 *        and nothing is written; a full edit clears the post's pending autosaved text (decision record 0042).
 *        Image on a full edit: imageData+imageMimeType replace the upload; `image` equal to the
 *        post's own /api/blog/{id}/image address keeps it; any other `image` (or none) drops it.
 * DELETE /api/blog/{id}  (staff, as PUT) -> 200 {success: true} | 404
 * Every change is written to the audit log (blog.create/update/publish/unpublish/delete) and queues the
 * IndexNow ping, in the change's own transaction.
 */
import type { Route } from "./+types/api.blog.id";
import { ApiError, json, readJson, withApi } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import { getStaffSession, requireStaff } from "~/auth/session.server";
import { canEditPost } from "~/auth/roles";
import { assertCanPublish, postAuthorFor } from "~/auth/post-access.server";
import { editablePost, parsePostId, translateBlogErrors } from "~/blog/writing/api.server";
import { blogPostInputSchema, blogPublishSchema, isPublishOnlyBody } from "~/blog/post/schema";
import { putVersionSchema } from "~/blog/writing/autosave";
import { findPost, toDto } from "~/blog/post/posts.server";
import { deletePost, setPublished } from "~/blog/writing/post-list-changes.server";
import { updatePost } from "~/blog/writing/post-writes.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const id = parsePostId(params.id);
  const post = await findPost(id);
  if (!post) throw new ApiError(404, "Blog post not found");
  if (!post.live) {
    const session = await getStaffSession(request);
    if (!session || !canEditPost(session.staff, post)) throw new ApiError(404, "Blog post not found");
  }
  return json(toDto(post));
});

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") throw new ApiError(405, "Method not allowed");
  const { staff } = await requireStaff(request, "contributor");
  const { id } = await editablePost(staff, params.id);
  if (request.method === "DELETE") {
    await translateBlogErrors(() => deletePost(staff, id));
    return json({ success: true });
  }
  const body = await readJson(request);
  if (isPublishOnlyBody(body)) {
    const parsed = blogPublishSchema.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error);
    assertCanPublish(staff, parsed.data.published);
    const post = await translateBlogErrors(() => setPublished(staff, id, parsed.data.published, parsed.data.version));
    return json({ success: true, post: toDto(post) });
  }
  const parsed = blogPostInputSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  const sent = putVersionSchema.safeParse(body);
  if (!sent.success) throw invalid(sent.error);
  assertCanPublish(staff, parsed.data.published);
  const authorId = await postAuthorFor(staff, parsed.data.authorId, false);
  const post = await translateBlogErrors(() => updatePost(staff, id, { ...parsed.data, authorId }, { expectedVersion: sent.data.version }));
  return json({ success: true, post: toDto(post) });
});

function invalid(error: Parameters<typeof fieldErrors>[0]) {
  const errors = fieldErrors(error);
  return new ApiError(400, Object.values(errors)[0] ?? "Invalid input", { errors });
}
