/**
 * POST /api/subscriptions {email, lists: ["blog"], altcha?} -> 202 {success, message} for any well-formed
 * address (new, known or unconfirmed) | 400 | 429.
 */
import type { Route } from "./+types/api.subscriptions";
import { countAcceptedForm } from "~/analytics/collect.server";
import { SIGNUP_ACCEPTED, blogSignupSchema } from "~/audience/lists";
import { signUpForBlog } from "~/audience/subscriptions.server";
import { json, withApi } from "~/core/http/api.server";
import { readFormJson, rejectIfLimited } from "~/forms/public-form.server";

export const loader = () => json({ success: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

export const action = withApi(async ({ request, context }: Route.ActionArgs) => {
  const input = await readFormJson(request, blogSignupSchema);
  rejectIfLimited(
    await countAcceptedForm(await signUpForBlog(input, context.clientIp), "signup", input.page ?? "/blog", request, context.clientIp),
  );
  return json({ success: true, message: SIGNUP_ACCEPTED }, { status: 202 });
});
