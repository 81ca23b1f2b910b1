/**
 * Role needed: administrator (the owner too).
 * POST   /api/admin/integrations/{id} -> 200 {id, name, contentApiKey}: a new key; the old one stops at once
 * DELETE /api/admin/integrations/{id} -> 200 {success: true}: the integration and its key are gone at once
 *        (on other instances within their 250 ms version check)
 *        -> 404 unknown integration | 401 | 403
 * Audited as integration.regenerate and integration.delete.
 */
import type { Route } from "./+types/api.admin.integrations.$id";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { deleteIntegration, regenerateKey } from "~/integrations/integrations.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE")
    throw new ApiError(405, "Method not allowed", {}, { Allow: "POST, DELETE" });
  const { staff } = await requireStaff(request, "administrator");
  const id = parseId(params.id, "Integration not found");
  if (request.method === "DELETE") {
    if (!(await deleteIntegration(staff, id))) throw new ApiError(404, "Integration not found");
    return json({ success: true });
  }
  const regenerated = await regenerateKey(staff, id);
  if (!regenerated) throw new ApiError(404, "Integration not found");
  return json(regenerated);
});

export const loader = methodNotAllowed("POST, DELETE");
