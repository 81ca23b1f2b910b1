/**
 * GET    /api/admin/sessions  (any staff) -> 200 {sessions: SessionListing[]}: the member's own open
 *        sessions (device, the address's network, last seen; `current` marks this one).
 * DELETE /api/admin/sessions  -> 200 {success}: ends every other session of the member.
 */
import type { Route } from "./+types/api.admin.sessions";
import { ApiError, json, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { endAllOtherSessions, listSessions } from "~/auth/sessions.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  return json({ sessions: await listSessions(await requireStaff(request, "contributor")) });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, DELETE" });
  await endAllOtherSessions(await requireStaff(request, "contributor"));
  return json({ success: true });
});
