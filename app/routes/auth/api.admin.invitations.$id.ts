/**
 * DELETE /api/admin/invitations/{id}  (editors and up) -> 200 {success} the invitation's link stops working
 *        403 for an invitation of a role the member may not invite; 404 when it is not pending (accepted,
 *        expired, revoked, or void because its sender may no longer send it).
 */
import type { Route } from "./+types/api.admin.invitations.$id";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { INVITATION_NOT_FOUND, revokeInvitation } from "~/auth/pending-invitations.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  const { staff } = await requireStaff(request, "editor");
  await revokeInvitation(staff, parseId(params.id, INVITATION_NOT_FOUND));
  return json({ success: true });
});

export const loader = methodNotAllowed("DELETE");
