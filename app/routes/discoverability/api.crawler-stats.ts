/**
 * GET /api/crawler-stats (admin) -> 200 {indexing_status: {total_pages, indexed_pages, ai_optimized_pages},
 *   performance_metrics: {core_web_vitals: "Good"|"Needs Improvement"|"Poor"|"No data", field_data},
 *   crawler_activity: {[name]: {last_visit, status, pages_crawled, ...}}, crawler_visits_daily: [...]}
 */
import type { Route } from "./+types/api.crawler-stats";
import { json, withApi, methodNotAllowed } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { crawlerStats } from "~/discoverability/stats.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json(await crawlerStats());
});

// Any other method answers 405 in the API's JSON error shape.
export const action = methodNotAllowed("GET");
