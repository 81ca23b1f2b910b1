/**
 * Role needed: editor (administrators and the owner too): site-wide figures, left out of an author's view.
 * GET /api/admin/analytics/brought?from=YYYY-MM-DD&to=YYYY-MM-DD (default the last 7 days)
 *   -> 200 {from, to, rows: [{goal, platform, via, source, campaign, landing, city, count, visitors}]}
 *   | 400 (a bad range) | 401 | 403
 * The store-button presses and /get answers of the range ("What it brought", app/analytics/brought.ts).
 */
import type { Route } from "./+types/api.admin.analytics.brought";
import { json, methodNotAllowed, parseQuery, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { broughtReport } from "~/analytics/brought.server";
import { analyticsQuerySchema, SITE_FIGURES_ROLE } from "~/analytics/report";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, SITE_FIGURES_ROLE);
  const { from, to } = parseQuery(request, analyticsQuerySchema);
  return json(await broughtReport(from, to));
});

export const action = methodNotAllowed("GET");
