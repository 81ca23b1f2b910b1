/**
 * POST /api/admin/staff/{id}/ownership  (the owner only) -> 200 {success}: member {id} becomes the owner,
 *      the old owner an administrator, in one transaction. 400 when the member is suspended or cannot sign in.
 */
import type { Route } from "./+types/api.admin.staff.$id.ownership";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { transferOwnership } from "~/auth/staff.server";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff } = await requireStaff(request, "owner");
  await transferOwnership(staff, parseId(params.id, "Staff member not found"));
  return json({ success: true });
});
