import type { Route } from "./+types/api.admin.login";
import { attemptSignIn } from "~/auth/sign-in.server";
import { ApiError, json, parseJson, withApi, methodNotAllowed } from "~/core/http/api.server";
import { loginSchema } from "~/auth/schema";

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { email, password } = await parseJson(request, loginSchema);
  const attempt = await attemptSignIn(request, context.clientIp, email, password);
  if (!attempt.ok) {
    const headers: HeadersInit = attempt.status === 429 ? { "Retry-After": String(attempt.retryAfterSeconds) } : {};
    return json({ success: false, message: attempt.message }, { status: attempt.status, headers });
  }
  const headers = attempt.setCookies.map((cookie): [string, string] => ["Set-Cookie", cookie]);
  // Password right, second factor due: no session yet, a pending sign-in (POST /api/admin/two-factor/verify,
  // /api/admin/passkeys/sign-in, or /api/admin/two-factor/setup and /confirm when it must be set up).
  if (attempt.secondFactor) {
    const { stage, methods } = attempt.secondFactor;
    return json({ success: true, secondFactorRequired: true, stage, methods }, { headers });
  }
  return json({ success: true, admin: { email: attempt.admin.email } }, { headers });
});

export const loader = methodNotAllowed("POST");
