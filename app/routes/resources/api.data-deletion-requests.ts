import type { Route } from "./+types/api.data-deletion-requests";
import { ApiError, json, parseJson, withApi } from "~/core/api.server";
import { DELETION_REQUEST_ACCEPTED, deletionRequestSchema } from "~/forms/deletion-request";
import { TOO_MANY_SUBMISSIONS } from "~/forms/contact-submission.server";
import { requestDataDeletion } from "~/forms/deletion-request.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** A data-deletion request: stored, and a verification link e-mailed; the same answer for any address. */
export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const input = await parseJson(request, deletionRequestSchema).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 415) throw new ApiError(400, error.message);
    throw error;
  });
  const outcome = await requestDataDeletion(input, context.clientIp);
  if (!outcome.accepted) throw new ApiError(429, TOO_MANY_SUBMISSIONS, {}, { "Retry-After": String(outcome.retryAfterSeconds) });
  return json({ success: true, message: DELETION_REQUEST_ACCEPTED }, { status: 202 });
});
