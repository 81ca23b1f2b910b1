/**
 * GET  /api/admin/invitations  (editors and up) -> 200 {success, invitations: [{id, email, role, invitedBy, createdAt, expiresAt}]}
 *      The pending invitations of the roles the member may invite (void ones, whose sender was suspended
 *      or may no longer invite that role, are not listed).
 * POST /api/admin/invitations  (editors and up) {email, role} -> 201 {success, invitation: {id}}
 *      Administrators invite any role but owner; editors authors and contributors (403 otherwise).
 *      The e-mail (queued with the invitation) links to /admin/accept-invitation for 7 days, once.
 *      409 when the address is already a staff member's; 429 past 30 invitations an hour.
 */
import type { Route } from "./+types/api.admin.invitations";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { invite } from "~/auth/invitations.server";
import { listPendingInvitations } from "~/auth/pending-invitations.server";
import { invitationSchema } from "~/auth/staff";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "editor");
  return json({ success: true, invitations: await listPendingInvitations(staff) });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  const { staff } = await requireStaff(request, "editor");
  const { email, role } = await parseJson(request, invitationSchema);
  const invitation = await invite(staff, email, role);
  return json({ success: true, invitation }, { status: 201 });
});
