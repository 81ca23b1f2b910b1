/**
 * POST /api/admin/post-mailings/{postId}/cancel  (administrator and owner) -> 202 {state: "cancelled"} | 404 (no such
 * post) | 409 (its e-mails are not paused). Issue 51: a new post's e-mails that paused themselves go on, or stop for good.
 */
import type { Route } from "./+types/api.admin.post-mailings.$postId.cancel";
import { cancelPostMailing } from "~/audience/post-mail-control.server";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, withApi } from "~/core/http/api.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const outcome = await cancelPostMailing(staff, parseId(params.postId, "Post not found"));
  if (outcome === "not-found") throw new ApiError(404, "Post not found");
  if (outcome === "not-paused") throw new ApiError(409, "This post's e-mails are not paused: there is nothing to cancel");
  return json({ state: "cancelled" }, { status: 202 });
});
