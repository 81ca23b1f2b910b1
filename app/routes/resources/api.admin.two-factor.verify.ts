/**
 * POST /api/admin/two-factor/verify {code} | {recoveryCode}  the sign-in's second step (pending sign-in cookie)
 *   -> 200 {success} with the session cookie | 401 wrong code or no pending sign-in | 429 too many (per sign-in and per account)
 */
import type { Route } from "./+types/api.admin.two-factor.verify";
import { verifySecondFactor } from "~/auth/two-factor/sign-in-steps.server";
import { secondFactorSchema } from "~/auth/two-factor/schema";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/api.server";

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const input = await parseJson(request, secondFactorSchema);
  const result = await verifySecondFactor(request, context.clientIp, input);
  const headers = new Headers();
  for (const cookie of result.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (result.ok) return json({ success: true }, { headers });
  if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
  return json({ success: false, message: result.message }, { status: result.status, headers });
});

export const loader = methodNotAllowed("POST");
