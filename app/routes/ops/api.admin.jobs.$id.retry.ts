/**
 * POST /api/admin/jobs/{id}/retry (administrators) -> 200 {success: true, message} (the dead job is queued again, due now,
 *     with a fresh set of attempts) | 404 no such job | 409 the job is not dead | 401 signed out.
 */
import type { Route } from "./+types/api.admin.jobs.$id.retry";
import { ApiError, json, methodNotAllowed, parseId, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { requireStaff } from "~/auth/session.server";
import { retryDeadJob } from "~/core/jobs/job-admin.server";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff: admin } = await requireStaff(request, "administrator");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const id = parseId(params.id, "Job not found");
  const outcome = await retryDeadJob(id);
  if (outcome === "not-found") throw new ApiError(404, "Job not found");
  if (outcome === "not-dead") throw new ApiError(409, "Only a dead job can be retried");
  await recordAudit(admin, "job.retry", { targetType: "job", targetId: id, summary: `Retried job ${id}` });
  return json({ success: true, message: "Job queued again." });
});
