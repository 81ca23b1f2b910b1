// Role needed: editor (every figure); author (their own posts' pages only).
import type { Route } from "./+types/api.admin.analytics";
import { staffAnalyticsReport } from "~/analytics/report.server";
import { analyticsQuerySchema } from "~/analytics/report";
import { requireStaff } from "~/auth/session.server";
import { json, parseQuery, withApi } from "~/core/http/api.server";

/**
 * GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD (both included, UTC; default the last 7 days)[&limit=N]
 *   -> 200 {visitors, pageviews, pages: [{path, pageviews, visitors, aiCrawls, aiReferrals}],
 *           sources: [{name, kind, visitors}], campaigns: [{source, medium, campaign, visitors}],
 *           goals: [{name, count}], daily, conversions, from, to, ownPostsOnly,
 *           more: rows each list left out by limit=N (each list's top N rows only)}
 *   | 400 (a bad range) | 401 (not signed in) | 403 (a contributor)
 */
export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "author");
  const query = parseQuery(request, analyticsQuerySchema);
  // ?raw=1: from the raw daily rows only, skipping the rollups (the reference they are checked against).
  return json(await staffAnalyticsReport(staff, query, new URL(request.url).searchParams.get("raw") !== "1"));
});
