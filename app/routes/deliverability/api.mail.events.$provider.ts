/**
 * POST /api/mail/events/{postmark|mailgun|sendgrid|ses}  (the provider, signed as it signs) -> 200 {received, applied}
 * | 401 (unsigned, wrongly signed, or the provider's secret not configured: nothing changes) | 404 (no such provider).
 * Issue 51: a hard bounce or complaint suppresses the address; the same event twice changes nothing the second time.
 */
import type { Route } from "./+types/api.mail.events.$provider";
import { ApiError, json, withApi } from "~/core/http/api.server";
import { getEnv } from "~/core/instance/env.server";
import { receiveMailEvents } from "~/deliverability/mail-events.server";
import { isMailProvider } from "~/deliverability/provider-events";

export const loader = withApi(async ({ params }: Route.LoaderArgs) => {
  if (!isMailProvider(params.provider)) throw new ApiError(404, "No such mail provider");
  throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
});

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (!isMailProvider(params.provider)) throw new ApiError(404, "No such mail provider");
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const outcome = await receiveMailEvents(params.provider, getEnv(), { headers: request.headers, body: await request.text() });
  if (outcome.status === "unsigned") throw new ApiError(401, "The event is not signed as this provider signs it");
  return json({ success: true, received: outcome.received, applied: outcome.applied });
});
