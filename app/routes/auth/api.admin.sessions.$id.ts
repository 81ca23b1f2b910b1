/** DELETE /api/admin/sessions/{id}  (any staff) -> 200 {success} | 404: ends one of the member's other sessions. */
import type { Route } from "./+types/api.admin.sessions.$id";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { endOtherSession } from "~/auth/sessions.server";

export const loader = methodNotAllowed("DELETE");

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  const session = await requireStaff(request, "contributor");
  if (!(await endOtherSession(session, params.id ?? ""))) throw new ApiError(404, "Session not found");
  return json({ success: true });
});
