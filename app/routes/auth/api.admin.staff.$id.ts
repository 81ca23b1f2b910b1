/**
 * PATCH /api/admin/staff/{id}  (editors and up, within their reach: editors change authors and
 *       contributors, administrators everyone but the owner; nobody themselves)
 *       {role?, status?: "active" | "suspended"} -> 200 {success, staff} | 400 | 403 | 404
 *       Suspending ends the member's sessions at once; their posts stay.
 */
import type { Route } from "./+types/api.admin.staff.$id";
import { ApiError, json, methodNotAllowed, parseId, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { changeRole, setStatus } from "~/auth/staff.server";
import { staffUpdateSchema } from "~/auth/staff";

export const loader = methodNotAllowed("PATCH");

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PATCH") throw new ApiError(405, "Method not allowed", {}, { Allow: "PATCH" });
  const { staff } = await requireStaff(request, "editor");
  const id = parseId(params.id, "Staff member not found");
  const change = await parseJson(request, staffUpdateSchema);
  let member = change.role ? await changeRole(staff, id, change.role) : null;
  if (change.status) member = await setStatus(staff, id, change.status);
  return json({ success: true, staff: member });
});
