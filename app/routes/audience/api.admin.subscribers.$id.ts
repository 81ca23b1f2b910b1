/** DELETE /api/admin/subscribers/{id}  (administrator and owner) -> 200 {success: true} | 404; audited. */
import type { Route } from "./+types/api.admin.subscribers.$id";
import { deleteSubscriber } from "~/audience/admin.server";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, withApi } from "~/core/http/api.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "DELETE" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  const id = parseId(params.id, "Subscriber not found");
  if (!(await deleteSubscriber(staff, id))) throw new ApiError(404, "Subscriber not found");
  return json({ success: true });
});
