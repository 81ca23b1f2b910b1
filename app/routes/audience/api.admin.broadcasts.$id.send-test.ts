/** POST /api/admin/broadcasts/{id}/test  (editor and up) -> 202: one message to the signed-in member, its subject marked "[Test]" | 404. */
import type { Route } from "./+types/api.admin.broadcasts.$id.send-test";
import { sendTestBroadcast } from "~/audience/broadcast-mail.server";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, withApi } from "~/core/http/api.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "editor");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  if (!(await sendTestBroadcast(staff, parseId(params.id, "Broadcast not found")))) throw new ApiError(404, "Broadcast not found");
  return json({ success: true, message: `A test was sent to ${staff.email}` }, { status: 202 });
});
