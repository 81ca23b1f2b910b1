/**
 * PUT /api/admin/two-factor/policy {requiredForAllStaff}  (role: owner) whether every staff member must use a second factor
 *   -> 200 {success, requiredForAllStaff} | 409 the owner has no second factor yet | 400
 */
import type { Route } from "./+types/api.admin.two-factor.policy";
import { requireStaff } from "~/auth/session.server";
import { changeTwoFactorPolicy } from "~/auth/two-factor/settings.server";
import { twoFactorPolicySchema } from "~/auth/two-factor/schema";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "PUT") throw new ApiError(405, "Method not allowed", {}, { Allow: "PUT" });
  // Requiring a second factor of every member is the owner's decision.
  const { staff: admin } = await requireStaff(request, "owner");
  const { requiredForAllStaff } = await parseJson(request, twoFactorPolicySchema);
  await changeTwoFactorPolicy(admin, requiredForAllStaff);
  return json({ success: true, requiredForAllStaff });
});

export const loader = methodNotAllowed("PUT");
