/**
 * Role needed: administrator (the owner too).
 * PATCH /api/admin/errors/{id} JSON {resolved: boolean} -> 200 {success: true} | 400 | 401 | 403 | 404
 * Resolved in this release; it reopens by itself when it comes back in another release. Audited as
 * error.resolve / error.reopen.
 */
import type { Route } from "./+types/api.admin.errors.$id";
import { ApiError, json, methodNotAllowed, parseId, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { issuePatchSchema } from "~/errors/event";
import { setIssueResolved } from "~/errors/issues.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PATCH") throw new ApiError(405, "Method not allowed", {}, { Allow: "PATCH" });
  const { staff } = await requireStaff(request, "administrator");
  const id = parseId(params.id, "Error not found");
  const { resolved } = await parseJson(request, issuePatchSchema);
  if (!(await setIssueResolved(staff, id, resolved))) throw new ApiError(404, "Error not found");
  return json({ success: true });
});

export const loader = methodNotAllowed("PATCH");
