/**
 * Role needed: administrator (the owner too).
 * GET  /api/admin/webhooks -> 200 {webhooks: [{id, url, events, includePersonalData, createdAt}]} (secrets are never shown again)
 * POST /api/admin/webhooks JSON {url, events, includePersonalData} -> 201 {id, secret} (the whsec_ secret shown this once)
 *      -> 400 {success:false, message, errors} (a bad field, or an address that resolves to a private one) | 401 | 403
 * Audited as webhook.create.
 */
import type { Route } from "./+types/api.admin.webhooks";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { webhookInputSchema } from "~/webhooks/events";
import { createWebhook, listWebhooks, WebhookRefused } from "~/webhooks/endpoints.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json({ webhooks: await listWebhooks() });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  const { staff } = await requireStaff(request, "administrator");
  const input = await parseJson(request, webhookInputSchema);
  try {
    return json(await createWebhook(staff, input), { status: 201 });
  } catch (error) {
    if (error instanceof WebhookRefused) throw new ApiError(400, error.message, { errors: { url: error.message } });
    throw error;
  }
});
