/**
 * GET /api/admin/posts/{id}/revisions (admin; role: editor, authors and contributors their own posts)
 *   -> 200 {items: [{id, createdAt, actorEmail, title, restoredFromId}]} newest first | 404 unknown post
 * Every save of the post's text, who made it and when (at most 50, older ones thinned).
 */
import type { Route } from "./+types/api.admin.posts.$id.revisions";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/api.server";
import { requireAdmin } from "~/auth/session.server";
import { parsePostId } from "~/blog/api.server";
import { findPost } from "~/blog/posts.server";
import { listRevisions } from "~/blog/revisions.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const id = parsePostId(params.id);
  if (!(await findPost(id))) throw new ApiError(404, "Blog post not found");
  return json({ items: await listRevisions(id) });
});

export const action = methodNotAllowed("GET");
