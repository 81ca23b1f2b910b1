/**
 * Role needed: administrator (the owner too).
 * GET /api/admin/webhooks/{id}/deliveries -> 200 {deliveries: [{id, messageId, eventType, status, attempts,
 *     responseCode, lastError, createdAt, lastAttemptAt}]}: the last 100, newest first (no bodies)
 *     -> 404 unknown webhook | 401 | 403
 */
import type { Route } from "./+types/api.admin.webhooks.$id.deliveries";
import { ApiError, json, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { listDeliveries } from "~/webhooks/endpoints.server";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  const deliveries = await listDeliveries(parseId(params.id, "Webhook not found"));
  if (!deliveries) throw new ApiError(404, "Webhook not found");
  return json({ deliveries });
});
