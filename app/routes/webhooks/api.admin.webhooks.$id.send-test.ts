/**
 * Role needed: administrator (the owner too).
 * POST /api/admin/webhooks/{id}/test -> 202 {deliveryId}: a signed `webhook.test` message is on its way (see the log)
 *      -> 404 unknown webhook | 401 | 403
 */
import type { Route } from "./+types/api.admin.webhooks.$id.send-test";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { sendTest } from "~/webhooks/endpoints.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  await requireStaff(request, "administrator");
  const queued = await sendTest(parseId(params.id, "Webhook not found"));
  if (!queued) throw new ApiError(404, "Webhook not found");
  return json(queued, { status: 202 });
});

export const loader = methodNotAllowed("POST");
