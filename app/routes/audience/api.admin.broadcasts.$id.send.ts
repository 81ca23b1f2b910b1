/**
 * POST /api/admin/broadcasts/{id}/send {at?}  (administrator and owner) -> 202 {state: "sending" | "scheduled", recipients}
 * | 400 (not a time) | 404 | 409 (already sent or scheduled: nothing more goes out). `at` is an ISO time, or a
 * wall-clock "YYYY-MM-DDTHH:mm" in SITE_TIMEZONE; absent or past, it goes now.
 */
import type { Route } from "./+types/api.admin.broadcasts.$id.send";
import { sendBroadcast } from "~/audience/broadcast-mail.server";
import { sendInstant, sendSchema } from "~/audience/broadcasts";
import { requireStaff } from "~/auth/session.server";
import { ApiError, json, parseId, parseJsonText, validBody, withApi } from "~/core/http/api.server";
import { getEnv } from "~/core/instance/env.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  const { staff } = await requireStaff(request, "administrator");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const id = parseId(params.id, "Broadcast not found");
  // The body is optional: no body (or an empty one) sends now.
  const text = await request.text();
  const { at } = text.trim() ? validBody(parseJsonText(text), sendSchema) : {};
  const when = at ? sendInstant(at, getEnv().SITE_TIMEZONE) : null;
  if (at && !when)
    throw new ApiError(400, "at must be a date and time, such as 2026-12-01T09:00", { errors: { at: "Not a date and time" } });
  const outcome = await sendBroadcast(staff, id, when);
  if (outcome === "not-found") throw new ApiError(404, "Broadcast not found");
  if (outcome === "already-sent") throw new ApiError(409, "This broadcast was already sent or scheduled: nothing more goes out");
  return json(outcome, { status: 202 });
});
