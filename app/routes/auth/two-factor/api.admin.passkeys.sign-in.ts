/**
 * POST /api/admin/passkeys/sign-in {response}  (public) signs in with a passkey: without a password,
 * or as the second step of a pending sign-in -> 200 {success} with the session cookie | 401 | 429
 */
import type { Route } from "./+types/api.admin.passkeys.sign-in";
import { signInWithPasskey } from "~/auth/two-factor/sign-in-steps.server";
import { passkeySignInSchema } from "~/auth/two-factor/schema";
import { ApiError, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";
import { stepAnswer } from "~/auth/two-factor/step-answer.server";

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { response } = await parseJson(request, passkeySignInSchema);
  return stepAnswer(await signInWithPasskey(request, context.clientIp, response as never));
});

export const loader = methodNotAllowed("POST");
