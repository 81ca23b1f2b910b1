/**
 * POST /api/admin/two-factor/setup  (a signed-in member, or a sign-in waiting for two-factor setup)
 *   -> 200 {success, otpauthUrl, secret, qrSvg}  a new secret, not yet on | 409 already on | 401
 */
import type { Route } from "./+types/api.admin.two-factor.setup";
import { beginTotpSetup, setupActor } from "~/auth/two-factor/settings.server";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const setup = await beginTotpSetup(await setupActor(request));
  return json({ success: true, ...setup });
});

export const loader = methodNotAllowed("POST");
