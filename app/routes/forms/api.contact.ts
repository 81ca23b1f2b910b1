import type { Route } from "./+types/api.contact";
import { countAcceptedForm } from "~/analytics/collect.server";
import { json, withApi } from "~/core/http/api.server";
import { contactSubmissionSchema } from "~/forms/contact-submission";
import { submitContactForm } from "~/forms/contact-submission.server";
import { readFormJson, rejectIfLimited } from "~/forms/public-form.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** The public forms' one way in: stores a submission for the admin inbox and queues its e-mails. */
export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  const input = await readFormJson(request, contactSubmissionSchema);
  // Counted only for well-formed messages, so a typo in the form doesn't use up the visitor's allowance.
  const [goal, page] = input.inquiryType === "advertising" ? (["advertise", "/advertise"] as const) : (["contact", "/contact"] as const);
  rejectIfLimited(await countAcceptedForm(await submitContactForm(input, context.clientIp), goal, page, request, context.clientIp));
  return json({ success: true, message: "Thank you for your message. We will get back to you soon." }, { status: 201 });
});
