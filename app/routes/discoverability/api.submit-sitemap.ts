/**
 * POST /api/submit-sitemap (admin, no body) -> 200 {submissions: {main_sitemap: [{engine, success}]}}:
 * every sitemap URL sent by IndexNow; one row per endpoint called; success only on a 2xx answer.
 */
import type { Route } from "./+types/api.submit-sitemap";
import { ApiError, json, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { requireStaff } from "~/auth/session.server";
import { submitSitemap } from "~/discoverability/indexnow.server";

export const loader = withApi(() => {
  throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff: admin } = await requireStaff(request, "administrator");
  const result = await submitSitemap();
  await recordAudit(admin, "sitemap.submit", {
    summary: result.submissions.main_sitemap.map((r) => `${r.engine}: ${r.success ? "Success" : "Failed"}`).join(", "),
    details: result,
  });
  return json(result);
});
