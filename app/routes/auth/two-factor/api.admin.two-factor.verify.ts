/**
 * POST /api/admin/two-factor/verify {code} | {recoveryCode}  the sign-in's second step (pending sign-in cookie)
 *   -> 200 {success} with the session cookie | 401 wrong code or no pending sign-in | 429 too many (per sign-in and per account)
 */
import type { Route } from "./+types/api.admin.two-factor.verify";
import { verifySecondFactor } from "~/auth/two-factor/sign-in-steps.server";
import { secondFactorSchema } from "~/auth/two-factor/schema";
import { ApiError, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";
import { stepAnswer } from "~/auth/two-factor/step-answer.server";

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const input = await parseJson(request, secondFactorSchema);
  return stepAnswer(await verifySecondFactor(request, context.clientIp, input));
});

export const loader = methodNotAllowed("POST");
