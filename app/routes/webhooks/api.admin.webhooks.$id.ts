/**
 * Role needed: administrator (the owner too).
 * DELETE /api/admin/webhooks/{id} -> 200 {success: true}: the endpoint and its delivery log are gone; nothing more is sent
 *        -> 404 unknown webhook | 401 | 403
 * Audited as webhook.delete.
 */
import type { Route } from "./+types/api.admin.webhooks.$id";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { deleteWebhook } from "~/webhooks/endpoints.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "DELETE" });
  const { staff } = await requireStaff(request, "administrator");
  const id = parseId(params.id, "Webhook not found");
  if (!(await deleteWebhook(staff, id))) throw new ApiError(404, "Webhook not found");
  return json({ success: true });
});

export const loader = methodNotAllowed("DELETE");
