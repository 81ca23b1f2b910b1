/**
 * GET /api/admin/staff  (editors and up) -> 200 {staff: StaffListing[]}: every staff member with `role`,
 *     `status` (active | suspended) and whether they can sign in; never a password.
 */
import type { Route } from "./+types/api.admin.staff";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { listStaff } from "~/auth/staff.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json({ staff: await listStaff() });
});

export const action = methodNotAllowed("GET");
