// Role needed: administrator (deletion requests).
import type { Route } from "./+types/api.admin.data-deletion-requests";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";
import { requireAdmin } from "~/auth/session.server";
import { listDeletionRequests } from "~/privacy/deletion-requests.server";

/** GET /api/admin/data-deletion-requests (admin) -> 200 [{id, state, dueAt, ...}]: open ones first. */
export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return json(await listDeletionRequests());
});

export const action = methodNotAllowed("GET");
