/**
 * POST /api/admin/two-factor/recovery-codes {code}  (signed in, TOTP on) ten new codes, the old ones end
 *   -> 200 {success, recoveryCodes} | 400 wrong code | 409 TOTP off | 429
 */
import type { Route } from "./+types/api.admin.two-factor.recovery-codes";
import { requireStaff } from "~/auth/session.server";
import { renewRecoveryCodes } from "~/auth/two-factor/settings.server";
import { totpCodeSchema } from "~/auth/two-factor/schema";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  const { code } = await parseJson(request, totpCodeSchema);
  return json({ success: true, recoveryCodes: await renewRecoveryCodes(admin, code) });
});

export const loader = methodNotAllowed("POST");
