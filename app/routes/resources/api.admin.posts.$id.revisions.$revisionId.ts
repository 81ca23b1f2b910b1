/**
 * GET /api/admin/posts/{id}/revisions/{revisionId} (staff: editors and up any post, authors and contributors their own)
 *   -> 200 {revision: {id, createdAt, actorEmail, title, excerpt, content, fields, restoredFromId},
 *           diff: {title: {from, to}|null, excerpt: {from, to}|null, content: [{value, added, removed}]}}
 *   | 404 unknown post or revision. The diff runs from the revision to the post's current text.
 */
import type { Route } from "./+types/api.admin.posts.$id.revisions.$revisionId";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/api.server";
import { requireStaff } from "~/auth/session.server";
import { assertCanEditPost } from "~/auth/post-access.server";
import { findPost } from "~/blog/posts.server";
import { parsePostId, translateBlogErrors } from "~/blog/api.server";
import { revisionWithDiff } from "~/blog/revisions.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "contributor");
  const id = parsePostId(params.id);
  const post = await findPost(id);
  if (!post) throw new ApiError(404, "Blog post not found");
  assertCanEditPost(staff, post);
  const revisionId = parseId(params.revisionId, "Revision not found");
  return json(await translateBlogErrors(() => revisionWithDiff(id, revisionId)));
});

export const action = methodNotAllowed("GET");
