/**
 * GET /api/admin/system (administrators) -> 200 {now, instance, history, samples, backup, backupSchedule}: the
 * site's vital signs now, a week of them in hourly means, and the last backup (the admin's System section).
 */
import type { Route } from "./+types/api.admin.system";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { systemOverview } from "~/ops/system.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json(await systemOverview(), { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed("GET");
