/**
 * POST /api/admin/password-reset-requests  (anyone) {email} -> 202 {success, message}, the same answer
 *      whether or not the address is a staff member's; one that is gets a link to /admin/reset-password
 *      (1 hour, once). 400 for a malformed address; 429 past 10 requests an hour from one client.
 */
import type { Route } from "./+types/api.admin.password-reset-requests";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";
import { requestPasswordReset, RESET_REQUESTED } from "~/auth/password-reset.server";
import { passwordResetRequestSchema } from "~/auth/staff";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { email } = await parseJson(request, passwordResetRequestSchema);
  const result = await requestPasswordReset(email, context.clientIp);
  if (result.limited)
    throw new ApiError(429, "Too many requests. Please wait and try again.", {}, { "Retry-After": String(result.retryAfterSeconds) });
  return json({ success: true, message: RESET_REQUESTED }, { status: 202 });
});
