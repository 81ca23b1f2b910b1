/** POST /api/admin/passkeys/registration-options  (any signed-in staff member) -> 200 {success, options} for startRegistration */
import type { Route } from "./+types/api.admin.passkeys.registration-options";
import { requireStaff } from "~/auth/session.server";
import { registrationOptions } from "~/auth/two-factor/passkeys.server";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  // Every member secures their own account.
  const { staff: admin } = await requireStaff(request, "contributor");
  return json({ success: true, options: await registrationOptions(admin) });
});

export const loader = methodNotAllowed("POST");
