/**
 * POST /api/admin/invitations  (editors and up) {email, role} -> 201 {success, invitation: {id}}
 *      Administrators invite any role but owner; editors authors and contributors (403 otherwise).
 *      The e-mail (queued with the invitation) links to /admin/accept-invitation for 7 days, once.
 *      409 when the address is already a staff member's; 429 past 30 invitations an hour.
 */
import type { Route } from "./+types/api.admin.invitations";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/api.server";
import { requireStaff } from "~/auth/session.server";
import { invite } from "~/auth/invitations.server";
import { invitationSchema } from "~/auth/staff";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff } = await requireStaff(request, "editor");
  const { email, role } = await parseJson(request, invitationSchema);
  const invitation = await invite(staff, email, role);
  return json({ success: true, invitation }, { status: 201 });
});
