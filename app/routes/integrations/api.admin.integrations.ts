/**
 * Role needed: administrator (the owner too).
 * GET  /api/admin/integrations -> 200 {integrations: [{id, name, keyHint, createdAt, lastUsedAt}]} (keys are never shown again)
 * POST /api/admin/integrations JSON {name} -> 201 {id, name, contentApiKey} (the key shown this once)
 *      -> 400 {success:false, message, errors} | 401 | 403
 * Audited as integration.create.
 */
import type { Route } from "./+types/api.admin.integrations";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { createIntegration, listIntegrations } from "~/integrations/integrations.server";
import { integrationInputSchema } from "~/integrations/schema";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json({ integrations: await listIntegrations() });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { staff } = await requireStaff(request, "administrator");
  const { name } = await parseJson(request, integrationInputSchema);
  return json(await createIntegration(staff, name), { status: 201 });
});
