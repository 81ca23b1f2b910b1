/**
 * Role needed: editor. GET /api/admin/analytics/brought.csv?from=YYYY-MM-DD&to=YYYY-MM-DD -> 200 text/csv
 * (a download: Platform, Via, Source, Campaign, Landing page, City, Count, Visitors) | 400 | 401 | 403
 */
import type { Route } from "./+types/api.admin.analytics.brought.csv";
import { methodNotAllowed, parseQuery, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { broughtCsv } from "~/analytics/brought";
import { broughtReport } from "~/analytics/brought.server";
import { analyticsQuerySchema, SITE_FIGURES_ROLE } from "~/analytics/report";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, SITE_FIGURES_ROLE);
  const { from, to } = parseQuery(request, analyticsQuerySchema);
  // A BOM so Excel reads the file as UTF-8.
  return new Response(`\uFEFF${broughtCsv(await broughtReport(from, to))}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="what-it-brought-${from}_${to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

export const action = methodNotAllowed("GET");
