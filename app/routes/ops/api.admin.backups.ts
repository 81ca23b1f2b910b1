/**
 * POST /api/admin/backups (administrators) -> 202 {success, message}: a backup is queued for the job runner
 *     now (one at a time: a second press while one waits queues nothing more).
 */
import type { Route } from "./+types/api.admin.backups";
import { ApiError, json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { requireStaff } from "~/auth/session.server";
import { queueBackupNow } from "~/ops/backup/service.server";

export const loader = methodNotAllowed("POST");

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const queued = await queueBackupNow();
  if (queued) await recordAudit(staff, "backup.queue", { summary: "Asked for a backup now" });
  return json(
    { success: true, message: queued ? "Backup queued. It appears here when it is written." : "A backup is already waiting to run." },
    { status: 202 },
  );
});
