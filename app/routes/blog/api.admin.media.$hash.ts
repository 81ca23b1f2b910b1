/**
 * DELETE /api/admin/media/{hash} (admin; role: editor) -> 200 {success: true} | 404 unknown
 *   | 409 {message, usedIn: [{id, title}]} while any post's text (drafts included) links to it.
 */
import type { Route } from "./+types/api.admin.media.$hash";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { deleteMedia, MediaInUse, MediaNotFound } from "~/blog/media/media.server";
import { MEDIA_HASH_PATTERN } from "~/blog/media/media";

export const loader = methodNotAllowed("DELETE");

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  await requireStaff(request, "editor");
  const hash = params.hash ?? "";
  if (!MEDIA_HASH_PATTERN.test(hash)) throw new ApiError(404, "Image not found");
  try {
    await deleteMedia(hash);
  } catch (error) {
    if (error instanceof MediaInUse) throw new ApiError(409, error.message, { usedIn: error.posts });
    if (error instanceof MediaNotFound) throw new ApiError(404, "Image not found");
    throw error;
  }
  return json({ success: true });
});
