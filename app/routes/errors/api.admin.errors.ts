/**
 * Role needed: administrator (the owner too); editor and author 403.
 * GET /api/admin/errors -> 200 {items: [{id, message, type, count, firstSeen, lastSeen, release, firstRelease,
 *     kind: "browser"|"server", sampleStack, pages, browsers, resolved, resolvedRelease}]} | 401 | 403
 * Issues grouped by fingerprint (app/errors), open first, newest first.
 */
import type { Route } from "./+types/api.admin.errors";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { listErrorIssues } from "~/errors/issues.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json({ items: await listErrorIssues() });
});

export const action = methodNotAllowed("GET");
