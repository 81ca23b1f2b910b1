/**
 * POST /api/admin/posts/{id}/revisions/{revisionId}/restore (staff: editors and up any post, authors and contributors their own)
 *   -> 200 {success: true, post: BlogPostDto} | 404 unknown post or revision | 422 the revision no longer
 *   passes today's rules. The revision's text and fields come back (address, image, publish date and state
 *   stay); the restore is itself a new revision, audited as blog.restore_revision.
 */
import type { Route } from "./+types/api.admin.posts.$id.revisions.$revisionId.restore";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { editablePost, translateBlogErrors } from "~/blog/writing/api.server";
import { toDto } from "~/blog/post/posts.server";
import { restoreRevision } from "~/blog/writing/revision-restore.server";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff } = await requireStaff(request, "contributor");
  const { id } = await editablePost(staff, params.id);
  const revisionId = parseId(params.revisionId, "Revision not found");
  const restored = await translateBlogErrors(() => restoreRevision(staff, id, revisionId));
  return json({ success: true, post: toDto(restored) });
});
