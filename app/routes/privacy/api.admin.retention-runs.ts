// Role needed: administrator (system).
import type { Route } from "./+types/api.admin.retention-runs";
import { ApiError, json, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { requireAdmin } from "~/auth/session.server";
import { lastRetentionRun, runRetention } from "~/privacy/retention.server";

/**
 * GET  /api/admin/retention-runs (admin) -> 200 {lastRun}: what the daily retention job last erased.
 * POST /api/admin/retention-runs (admin) -> 200 {erased}: runs it now (the daily job runs the same service).
 */
export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return json({ lastRun: await lastRetentionRun() });
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  const { admin } = await requireAdmin(request);
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, POST" });
  const erased = await runRetention();
  await recordAudit(admin, "retention.run", { summary: "Ran the data retention rules", details: erased });
  return json({ success: true, erased });
});
