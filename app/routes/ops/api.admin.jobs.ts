/**
 * GET /api/admin/jobs (administrators) -> 200 {counts: [{type, state, count}], dead: [{id, type, attempts, lastError,
 *     createdAt, finishedAt}]}: the background jobs by type and state, and the dead ones (newest first, at
 *     most 50) with the error of their last attempt. 401 signed out.
 */
import type { Route } from "./+types/api.admin.jobs";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { jobsOverview } from "~/core/jobs/job-admin.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json(await jobsOverview(), { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed("GET");
