/**
 * Role needed: editor (administrators and the owner too).
 * GET /api/admin/redirects/export -> 200 text/csv `from,to,status`, one rule a line (formula-safe), as a
 *     download; the same file imports back (POST /api/admin/redirects/import {format: "csv"}).
 */
import type { Route } from "./+types/api.admin.redirects.export";
import { withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { exportRedirectsCsv } from "~/redirects/redirects.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return new Response(await exportRedirectsCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="redirects.csv"',
      "Cache-Control": "no-store",
    },
  });
});
