/**
 * GET /api/admin/export[?revisions=1] (role: administrator) -> 200 application/zip, the content archive
 * (app/blog/transfer/content-archive.ts): manifest.json, content.json (posts, tags, authors, images) and images/{hash}.
 * With revisions=1 each post carries its revisions. Audited as content.export.
 */
import type { Route } from "./+types/api.admin.export";
import { methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getEnv } from "~/core/instance/env.server";
import { archiveFileName } from "~/blog/transfer/content-archive";
import { exportContent } from "~/blog/transfer/content-export.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  const { staff: admin } = await requireStaff(request, "administrator");
  const url = new URL(request.url);
  const includeRevisions = ["1", "true", "yes"].includes(url.searchParams.get("revisions") ?? "");
  const now = new Date();
  const zip = await exportContent({ siteUrl: getEnv().SITE_URL ?? url.origin, includeRevisions, now });
  await recordAudit(admin, "content.export", {
    summary: "Exported the blog's content",
    details: { revisions: includeRevisions, bytes: zip.length },
  });
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${archiveFileName(now)}"`,
      "Content-Length": String(zip.length),
      "Cache-Control": "no-store",
    },
  });
});

export const action = methodNotAllowed("GET");
