/**
 * POST /api/admin/passkeys/authentication-options  (public: a sign-in) -> 200 {success, options} for startAuthentication;
 * limited to the pending sign-in's member's passkeys when there is one | 429
 */
import type { Route } from "./+types/api.admin.passkeys.authentication-options";
import { authenticationOptions } from "~/auth/two-factor/passkeys.server";
import { readPendingSignIn } from "~/auth/two-factor/pending-sign-in.server";
import { passkeyAllowance } from "~/auth/two-factor/sign-in-steps.server";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const allowance = await passkeyAllowance(context.clientIp);
  if (allowance.limited) {
    throw new ApiError(
      429,
      "Too many passkey attempts. Please wait a few minutes and try again.",
      {},
      { "Retry-After": String(allowance.retryAfterSeconds) },
    );
  }
  const pending = await readPendingSignIn(request);
  return json({ success: true, options: await authenticationOptions(pending?.admin.id) });
});

export const loader = methodNotAllowed("POST");
