/**
 * Role needed: administrator (the owner too).
 * POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/retry -> 202 {success: true}: sent again, with the same webhook-id
 *      -> 404 unknown webhook or delivery | 409 its body is no longer kept (personal data, delivered or 7 days old) | 401 | 403
 */
import type { Route } from "./+types/api.admin.webhooks.$id.deliveries.$deliveryId.retry";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { retryDelivery } from "~/webhooks/endpoints.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  await requireStaff(request, "administrator");
  const outcome = await retryDelivery(parseId(params.id, "Webhook not found"), parseId(params.deliveryId, "Delivery not found"));
  if (outcome === "not-found") throw new ApiError(404, "Delivery not found");
  if (outcome === "body-gone")
    throw new ApiError(409, "This delivery held personal data, which is not kept once delivered or after 7 days: it cannot be sent again");
  return json({ success: true }, { status: 202 });
});

export const loader = methodNotAllowed("POST");
