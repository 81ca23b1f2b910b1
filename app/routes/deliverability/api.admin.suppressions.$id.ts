/** DELETE /api/admin/suppressions/{id}  (administrator and owner) -> 204 | 404; audited (issue 51). */
import type { Route } from "./+types/api.admin.suppressions.$id";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, withApi } from "~/core/http/api.server";
import { removeSuppression } from "~/deliverability/suppressions.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "DELETE" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  if (!(await removeSuppression(staff, parseId(params.id, "Suppression not found")))) throw new ApiError(404, "Suppression not found");
  return new Response(null, { status: 204 });
});
