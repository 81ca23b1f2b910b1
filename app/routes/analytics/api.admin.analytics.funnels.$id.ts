/**
 * Role needed: editor (administrators and the owner too).
 * GET    /api/admin/analytics/funnels/{id}?from=YYYY-MM-DD&to=YYYY-MM-DD[&source=&campaign=&page=&device=]
 *        -> 200 {id, name, from, to, filters, steps: [{label, step, visitors, dropOff, conversion, conversionFromPrevious}], keptDays}
 *        (conversion: a fraction of the first step's visitors; conversionFromPrevious: of the step before's;
 *        keptDays: the days that are over read from their kept figures, analytics_funnel_days)
 *        | 400 (a bad range or filter) | 404 unknown funnel | 401 | 403
 * DELETE /api/admin/analytics/funnels/{id} -> 204 | 404 | 401 | 403. Audited as analytics.funnel.delete.
 */
import type { Route } from "./+types/api.admin.analytics.funnels.$id";
import { ApiError, json, parseId, parseQuery, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { funnelFiltersSchema } from "~/analytics/funnels";
import { deleteFunnel, funnelReport } from "~/analytics/funnels.server";
import { analyticsQuerySchema, SITE_FIGURES_ROLE } from "~/analytics/report";

const NOT_FOUND = "Funnel not found";

export const loader = withApi(async ({ request, params }: Route.LoaderArgs) => {
  await requireStaff(request, SITE_FIGURES_ROLE);
  const id = parseId(params.id, NOT_FOUND);
  const { from, to } = parseQuery(request, analyticsQuerySchema);
  const filters = parseQuery(request, funnelFiltersSchema);
  const report = await funnelReport(id, from, to, filters);
  if (!report) throw new ApiError(404, NOT_FOUND);
  return json(report);
});

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, DELETE" });
  const { staff } = await requireStaff(request, SITE_FIGURES_ROLE);
  const id = parseId(params.id, NOT_FOUND);
  if (!(await deleteFunnel(staff, id))) throw new ApiError(404, NOT_FOUND);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
