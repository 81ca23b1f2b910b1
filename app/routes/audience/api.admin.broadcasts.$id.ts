/**
 * GET /api/admin/broadcasts/{id}  (editor and up) -> 200 {id, subject, state, recipients, sent, failed, ...report} | 404
 * PUT /api/admin/broadcasts/{id}  (editor and up) {subject, markdown, list, segment?} -> 200 {id, state: "draft", recipients}
 * | 400 | 404 | 409 (no longer a draft).
 */
import type { Route } from "./+types/api.admin.broadcasts.$id";
import { broadcastSchema } from "~/audience/broadcasts";
import { broadcastReport, updateBroadcast } from "~/audience/broadcasts.server";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, parseJson, withApi } from "~/core/http/api.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  const report = await broadcastReport(parseId(params.id, "Broadcast not found"));
  if (!report) throw new ApiError(404, "Broadcast not found");
  return json(report, { headers: { "Cache-Control": "no-store" } });
});

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  await requireStaff(request, "editor");
  if (request.method !== "PUT") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, PUT" });
  const id = parseId(params.id, "Broadcast not found");
  const outcome = await updateBroadcast(id, await parseJson(request, broadcastSchema));
  if (outcome === "not-found") throw new ApiError(404, "Broadcast not found");
  if (outcome === "not-draft") throw new ApiError(409, "This broadcast was sent or scheduled: it can no longer be edited");
  return json(outcome);
});
