import type { Route } from "./+types/api.admin.login";
import { attemptSignIn } from "~/auth/sign-in.server";
import { ApiError, json, parseJson, withApi, methodNotAllowed } from "~/core/api.server";
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
  return json({ success: true, admin: { email: attempt.admin.email } }, { headers });
});

export const loader = methodNotAllowed("POST");
