/**
 * GET  /api/admin/suppressions  (administrator and owner) -> 200 {items: [{id, email, reason, at}]}, newest first
 * POST /api/admin/suppressions {email}  (administrator and owner) -> 201 {item} | 200 {item} (already there) | 400.
 * Editors and authors 403 (issue 51).
 */
import type { Route } from "./+types/api.admin.suppressions";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { suppressionInputSchema } from "~/deliverability/suppressions";
import { addSuppression, listSuppressions } from "~/deliverability/suppressions.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json({ items: await listSuppressions() }, { headers: { "Cache-Control": "no-store" } });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  const { email } = await parseJson(request, suppressionInputSchema);
  const { created, item } = await addSuppression(staff, email);
  return json({ item }, { status: created ? 201 : 200 });
});
