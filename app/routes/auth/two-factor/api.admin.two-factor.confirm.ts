/**
 * POST /api/admin/two-factor/confirm {code}  (as /setup) turns TOTP on
 *   -> 200 {success, recoveryCodes: string[10]} shown once; signs in a sign-in that waited for it
 *   -> 400 wrong code | 429 too many | 401
 */
import type { Route } from "./+types/api.admin.two-factor.confirm";
import { finishTotpSetup, setupActor } from "~/auth/two-factor/settings.server";
import { totpCodeSchema } from "~/auth/two-factor/schema";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const actor = await setupActor(request);
  const { code } = await parseJson(request, totpCodeSchema);
  const { recoveryCodes, setCookies } = await finishTotpSetup(request, context.clientIp, actor, code);
  return json(
    { success: true, recoveryCodes, signedIn: setCookies.length > 0 },
    { headers: setCookies.map((c): [string, string] => ["Set-Cookie", c]) },
  );
});

export const loader = methodNotAllowed("POST");
