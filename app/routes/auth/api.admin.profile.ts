/**
 * GET /api/admin/profile  (any staff) -> 200 {staff: StaffListing}: the signed-in member.
 * PUT /api/admin/profile  {name, slug?, bio?} -> 200 {success, staff} | 400 | 409 (slug taken).
 */
import type { Route } from "./+types/api.admin.profile";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { findStaff, updateProfile } from "~/auth/staff.server";
import { profileSchema } from "~/auth/staff";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "contributor");
  return json({ staff: await findStaff(staff.id) });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "PUT") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, PUT" });
  const { staff } = await requireStaff(request, "contributor");
  const input = await parseJson(request, profileSchema);
  return json({ success: true, staff: await updateProfile(staff, input) });
});
