/**
 * GET /api/admin/backups/latest (owner) -> 200 the newest successful backup archive as a download
 *     | 404 {message} when there is none in BACKUP_DIR. It holds every post, submission and key: owner only, audited.
 */
import type { Route } from "./+types/api.admin.backups.latest";
import { ApiError, methodNotAllowed, withApi } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { requireStaff } from "~/auth/session.server";
import { backupStream, latestBackupFile } from "~/ops/backup/service.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff } = await requireStaff(request, "owner");
  const backup = await latestBackupFile();
  if (!backup) throw new ApiError(404, "No backup to download yet. Take one with \u201cBack up now\u201d or npm run backup.");
  await recordAudit(staff, "backup.download", {
    summary: `Downloaded the backup ${backup.name}`,
    targetType: "backup",
    targetId: backup.name,
  });
  return new Response(backupStream(backup.file), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(backup.bytes),
      "Content-Disposition": `attachment; filename="${backup.name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const action = methodNotAllowed("GET");
