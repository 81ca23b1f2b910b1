/**
 * GET  /api/admin/passkeys  (any signed-in staff member: their own) -> 200 {success, passkeys}
 * POST /api/admin/passkeys {name, response}  registers the passkey whose options came from
 *      /api/admin/passkeys/registration-options -> 201 {success, passkey} | 400 not verified
 */
import type { Route } from "./+types/api.admin.passkeys";
import { requireStaff } from "~/auth/session.server";
import { listPasskeys, registerPasskey } from "~/auth/two-factor/passkeys.server";
import { passkeyRegistrationSchema } from "~/auth/two-factor/schema";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  return json({ success: true, passkeys: await listPasskeys(admin.id) });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  const { name, response } = await parseJson(request, passkeyRegistrationSchema);
  const passkey = await registerPasskey(admin.id, response as never, name);
  if (!passkey) throw new ApiError(400, "The passkey could not be verified. Please try again.");
  await recordAudit(admin, "admin.passkey_added", {
    targetType: "passkey",
    targetId: passkey.id,
    summary: `Added passkey “${passkey.name}”`,
  });
  return json({ success: true, passkey }, { status: 201 });
});
