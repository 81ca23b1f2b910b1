/**
 * GET /api/admin/posts/{id}/revisions/{revisionId} (staff: editors and up any post, authors and contributors their own)
 *   -> 200 {revision: {id, createdAt, actorEmail, title, excerpt, content, fields, restoredFromId},
 *           diff: {title: {from, to}|null, excerpt: {from, to}|null, content: [{value, added, removed}]}}
 *   | 404 unknown post or revision. The diff runs from the revision to the post's current text.
 */
import type { Route } from "./+types/api.admin.posts.$id.revisions.$revisionId";
import { json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { editablePost, translateBlogErrors } from "~/blog/writing/api.server";
import { revisionWithDiff } from "~/blog/writing/revisions.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "contributor");
  const { id } = await editablePost(staff, params.id);
  const revisionId = parseId(params.revisionId, "Revision not found");
  return json(await translateBlogErrors(() => revisionWithDiff(id, revisionId)));
});

export const action = methodNotAllowed("GET");
