/** DELETE /api/admin/passkeys/{id}  (any signed-in staff member: their own) -> 200 | 404 | 409 the last factor while two-factor is required */
import type { Route } from "./+types/api.admin.passkeys.$id";
import { requireStaff } from "~/auth/session.server";
import { passkeyCount, removePasskey } from "~/auth/two-factor/passkeys.server";
import { isTwoFactorRequired } from "~/auth/two-factor/policy.server";
import { hasTotp } from "~/auth/two-factor/totp.server";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  const id = parseId(params.id, "Passkey not found");
  if ((await isTwoFactorRequired()) && !(await hasTotp(admin.id)) && (await passkeyCount(admin.id)) <= 1) {
    throw new ApiError(409, "Two-factor sign-in is required for all staff: set up an authenticator app before removing your last passkey.");
  }
  if (!(await removePasskey(admin.id, id))) throw new ApiError(404, "Passkey not found");
  await recordAudit(admin, "admin.passkey_removed", { targetType: "passkey", targetId: id, summary: "Removed a passkey" });
  return json({ success: true });
});

export const loader = methodNotAllowed("DELETE");
