/**
 * The post editor's autosave (staff who may PUT the post: editors and up any post, authors their own,
 * contributors their own drafts; 401 signed out, 403 otherwise, 404 unknown post). Decision record 0042.
 * PUT    {title, content, excerpt?, version} -> 200 {savedAt, version, pending}
 *        a draft or scheduled post is saved (text only, version + 1, pending: false); a live post is not
 *        changed, its text is kept as the post's one pending revision (pending: true, version unchanged)
 *        | 409 {success: false, message, current: {version, updatedAt, updatedBy}} when `version` is not the
 *        post's | 400 | 429 past 90 autosaves a minute per staff member
 * GET    -> 200 {pending: {title, content, excerpt, savedAt, savedBy: {id, name}, baseVersion} | null}
 * DELETE -> 200 {success: true}: the pending text is discarded
 */
import type { Route } from "./+types/api.admin.posts.$id.autosave";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { consume } from "~/core/limits/rate-limit.server";
import { requireStaff } from "~/auth/session.server";
import { editablePost, translateBlogErrors } from "~/blog/writing/api.server";
import { autosaveInputSchema } from "~/blog/writing/autosave";
import { autosave, discardPending, findPending } from "~/blog/writing/autosave.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "contributor");
  const { id } = await editablePost(staff, params.id);
  return json({ pending: await findPending(id) });
});

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE")
    throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, PUT, DELETE" });
  const { staff } = await requireStaff(request, "contributor");
  const { id } = await editablePost(staff, params.id);
  if (request.method === "DELETE") {
    await discardPending(id);
    return json({ success: true });
  }
  const limit = await consume("autosaveByStaff", String(staff.id));
  if (limit.limited)
    throw new ApiError(429, "Too many autosaves. Please wait a moment.", {}, { "Retry-After": String(limit.retryAfterSeconds) });
  const input = await parseJson(request, autosaveInputSchema);
  return json(await translateBlogErrors(() => autosave(staff, id, input)));
});
