/**
 * GET /api/admin/post-mailings  (editor and up) -> 200 {items: [{postId, title, state: "sending" | "paused" |
 * "cancelled" | "done", pausedReason, attempted, bounced, complained}]}: the latest new posts' e-mails, newest first.
 */
import type { Route } from "./+types/api.admin.post-mailings";
import { listPostMailings } from "~/audience/post-mail-control.server";
import { requireStaff } from "~/auth/session.server";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json({ items: await listPostMailings() }, { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed("GET");
