/**
 * Role needed: editor (administrators and the owner too).
 * DELETE /api/admin/redirects/{id} -> 200 {success: true}: the address is no longer redirected (on other
 *        instances within their 250 ms version check) | 404 unknown rule | 401 | 403
 * Audited as redirect.delete.
 */
import type { Route } from "./+types/api.admin.redirects.$id";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { deleteRedirect } from "~/redirects/redirects.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  const { staff } = await requireStaff(request, "editor");
  const id = parseId(params.id, "Redirect not found");
  if (!(await deleteRedirect(staff, id))) throw new ApiError(404, "Redirect not found");
  return json({ success: true });
});

export const loader = methodNotAllowed("DELETE");
