/**
 * GET    /api/admin/two-factor  (any signed-in staff member: their own) -> 200 {success, totp: {enabled, recoveryCodesLeft}, passkeys, requiredForAllStaff}
 * DELETE /api/admin/two-factor  {code}  turns TOTP off -> 200 | 400 wrong code | 409 not on / required | 429
 */
import type { Route } from "./+types/api.admin.two-factor";
import { requireStaff } from "~/auth/session.server";
import { securityOverview, turnOffTotp } from "~/auth/two-factor/settings.server";
import { totpCodeSchema } from "~/auth/two-factor/schema";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  return json({ success: true, ...(await securityOverview(admin)) });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, DELETE" });
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  const { code } = await parseJson(request, totpCodeSchema);
  await turnOffTotp(admin, code);
  return json({ success: true });
});
