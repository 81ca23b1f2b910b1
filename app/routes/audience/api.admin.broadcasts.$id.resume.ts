/**
 * POST /api/admin/broadcasts/{id}/resume  (administrator and owner) -> 202 {state: "sending"} | 404 | 409 (it is not
 * paused). Issue 51: a broadcast that paused itself on bounces or complaints goes on, or stops for good.
 */
import type { Route } from "./+types/api.admin.broadcasts.$id.resume";
import { resumeBroadcast } from "~/audience/broadcast-control.server";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, withApi } from "~/core/http/api.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const outcome = await resumeBroadcast(staff, parseId(params.id, "Broadcast not found"));
  if (outcome === "not-found") throw new ApiError(404, "Broadcast not found");
  if (outcome === "not-paused") throw new ApiError(409, "This broadcast is not paused: there is nothing to resume");
  return json({ state: "sending" }, { status: 202 });
});
