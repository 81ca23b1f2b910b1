/**
 * GET  /api/admin/broadcasts  (editor and up) -> 200 [broadcast with its counts], newest first
 * POST /api/admin/broadcasts  (editor and up) {subject, markdown, list, segment?} -> 201 {id, state: "draft", recipients}
 * | 400 | 401 | 403. Sending is for administrators and the owner (.../send); decision record 0049.
 */
import type { Route } from "./+types/api.admin.broadcasts";
import { broadcastSchema } from "~/audience/broadcasts";
import { createBroadcast, listBroadcasts } from "~/audience/broadcasts.server";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json(await listBroadcasts(), { headers: { "Cache-Control": "no-store" } });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "editor");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  return json(await createBroadcast(staff, await parseJson(request, broadcastSchema)), { status: 201 });
});
