/**
 * GET /api/admin/posts/{id}/revisions (staff: editors and up any post, authors and contributors their own)
 *   -> 200 {items: [{id, createdAt, actorEmail, title, restoredFromId}]} newest first | 404 unknown post
 * Every save of the post's text, who made it and when (at most 50, older ones thinned).
 */
import type { Route } from "./+types/api.admin.posts.$id.revisions";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { editablePost } from "~/blog/writing/api.server";
import { listRevisions } from "~/blog/writing/revisions.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "contributor");
  const { id } = await editablePost(staff, params.id);
  return json({ items: await listRevisions(id) });
});

export const action = methodNotAllowed("GET");
