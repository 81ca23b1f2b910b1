import type { Route } from "./+types/api.contact";
import { ApiError, json, parseJson, withApi } from "~/core/api.server";
import { contactSubmissionSchema } from "~/forms/contact-submission";
import { createContactSubmission } from "~/forms/contact-submission.server";
import { consume } from "~/core/rate-limit.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** The public forms' one way in: stores a submission for the admin inbox. */
export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const input = await parseJson(request, contactSubmissionSchema).catch((error: unknown) => {
    // A body that is not JSON at all is a bad request here too (the spec: bad or malformed input answers 400).
    if (error instanceof ApiError && error.status === 415) throw new ApiError(400, error.message);
    throw error;
  });
  // Counted only for well-formed messages, so a typo in the form doesn't use up the visitor's allowance.
  const limit = await consume("publicForm", context.clientIp);
  if (limit.limited) {
    throw new ApiError(429, "Too many messages from your address. Please try again later.", {}, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  await createContactSubmission(input);
  return json({ success: true, message: "Thank you for your message. We will get back to you soon." }, { status: 201 });
});
