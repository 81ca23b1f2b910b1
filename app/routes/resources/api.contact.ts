import type { Route } from "./+types/api.contact";
import { ApiError, json, parseJson, withApi } from "~/core/api.server";
import { contactSubmissionSchema } from "~/forms/contact-submission";
import { submitContactForm, TOO_MANY_SUBMISSIONS } from "~/forms/contact-submission.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** The public forms' one way in: stores a submission for the admin inbox and queues its e-mails. */
export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const input = await parseJson(request, contactSubmissionSchema).catch((error: unknown) => {
    // A body that is not JSON at all is a bad request here too (the spec: bad or malformed input answers 400).
    if (error instanceof ApiError && error.status === 415) throw new ApiError(400, error.message);
    throw error;
  });
  // Counted only for well-formed messages, so a typo in the form doesn't use up the visitor's allowance.
  const outcome = await submitContactForm(input, context.clientIp);
  if (!outcome.accepted) throw new ApiError(429, TOO_MANY_SUBMISSIONS, {}, { "Retry-After": String(outcome.retryAfterSeconds) });
  return json({ success: true, message: "Thank you for your message. We will get back to you soon." }, { status: 201 });
});
