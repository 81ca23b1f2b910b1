/**
 * Role needed: editor (administrators and the owner too): funnels are site-wide figures, which an author's
 * view of the analytics leaves out.
 * GET  /api/admin/analytics/funnels -> 200 {funnels: [{id, name, steps: [{page} | {goal}], createdAt}]}
 * POST /api/admin/analytics/funnels JSON {name, steps: [{page: "/blog/*"} | {goal: "signup"}, …]} (2 to 8 steps)
 *      -> 201 {id} | 400 {success:false, message, errors} naming the field ("steps[1].goal must be one of …")
 *      | 401 | 403
 * Audited as analytics.funnel.create.
 */
import type { Route } from "./+types/api.admin.analytics.funnels";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { SITE_FIGURES_ROLE } from "~/analytics/report";
import { funnelInputSchema } from "~/analytics/funnels";
import { createFunnel, listFunnels } from "~/analytics/funnels.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, SITE_FIGURES_ROLE);
  return json({ funnels: await listFunnels() });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  const { staff } = await requireStaff(request, SITE_FIGURES_ROLE);
  const input = await parseJson(request, funnelInputSchema);
  return json({ id: await createFunnel(staff, input) }, { status: 201 });
});
