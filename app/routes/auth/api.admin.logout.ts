import type { Route } from "./+types/api.admin.logout";
import { ApiError, json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { getAdminSession, signOut } from "~/auth/session.server";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const session = await getAdminSession(request);
  const setCookie = await signOut(request);
  if (session) await recordAudit(session.admin, "admin.sign_out", { summary: "Signed out" });
  return json({ success: true }, { headers: { "Set-Cookie": setCookie } });
});

export const loader = methodNotAllowed("POST");
