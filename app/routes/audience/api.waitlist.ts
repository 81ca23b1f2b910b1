/**
 * POST /api/waitlist {email, city, platform, blog?, altcha?} -> 202 {success, message} for any well-formed
 * address (new, known or unconfirmed: nobody learns who is on the list) | 400 | 429.
 */
import type { Route } from "./+types/api.waitlist";
import { countAcceptedForm } from "~/analytics/collect.server";
import { SIGNUP_ACCEPTED, waitlistSignupSchema } from "~/audience/lists";
import { signUpForWaitlist } from "~/audience/subscriptions.server";
import { json, withApi } from "~/core/http/api.server";
import { readFormJson, rejectIfLimited } from "~/forms/public-form.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  const input = await readFormJson(request, waitlistSignupSchema);
  rejectIfLimited(
    await countAcceptedForm(
      await signUpForWaitlist(input, context.clientIp),
      "signup",
      input.page ?? "/early-access",
      request,
      context.clientIp,
    ),
  );
  return json({ success: true, message: SIGNUP_ACCEPTED }, { status: 202 });
});
