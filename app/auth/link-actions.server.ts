import { data, redirect } from "react-router";
import type { z } from "zod";
import { asPageError, readForm } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import { consume } from "~/core/limits/rate-limit.server";
import { flashCookie } from "./flash.server";
import { createMemberFromLink, LINK_INVALID } from "./invitations.server";
import { requestPasswordReset, resetPassword, RESET_REQUESTED } from "./password-reset.server";
import { secondFactorStep } from "./second-factor.server";
import { openSession } from "./session.server";
import { secondStepAddress } from "./two-factor/addresses";
import { acceptInvitationSchema, ownerSetupSchema, passwordResetRequestSchema, resetPasswordSchema } from "./staff";

/**
 * The form actions of the pages reached from e-mailed links (and the forgot-password form): each
 * reads the form, counts the try against the client's limit, checks the fields with the shared schema
 * and calls the service. Every answer is `{ok, errors, message}` for the page.
 */
export type LinkActionResult = { ok: boolean; errors: Record<string, string>; message: string | null };

const noStore = { "Cache-Control": "no-store" };
const answer = (result: LinkActionResult, status = 200) => data(result, { status, headers: noStore });

type Checked<T> = { input: T; refusal?: undefined } | { input?: undefined; refusal: ReturnType<typeof answer> };

async function readChecked<T extends z.ZodType>(request: Request, clientIp: string, schema: T): Promise<Checked<z.infer<T>>> {
  const limit = await consume("staffTokenByIp", clientIp);
  if (limit.limited)
    return { refusal: answer({ ok: false, errors: {}, message: "Too many tries. Please wait a few minutes and try again." }, 429) };
  const form = await readForm(request).catch(asPageError);
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { refusal: answer({ ok: false, errors: fieldErrors(parsed.error), message: null }, 400) };
  return { input: parsed.data as z.infer<T> };
}

const tokenError = (message: string) => answer({ ok: false, errors: { token: message }, message }, 400);

export async function forgotPasswordAction(request: Request, clientIp: string) {
  const form = await readForm(request).catch(asPageError);
  const parsed = passwordResetRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return answer({ ok: false, errors: fieldErrors(parsed.error), message: null }, 400);
  const result = await requestPasswordReset(parsed.data.email, clientIp);
  if (result.limited) return answer({ ok: false, errors: {}, message: "Too many requests. Please wait and try again." }, 429);
  return answer({ ok: true, errors: {}, message: RESET_REQUESTED }, 202);
}

export async function resetPasswordAction(request: Request, clientIp: string) {
  const { input, refusal } = await readChecked(request, clientIp, resetPasswordSchema);
  if (refusal) return refusal;
  const result = await resetPassword(input.token, input.password);
  if (!result.ok)
    return result.field === "token"
      ? tokenError(result.message)
      : answer({ ok: false, errors: { password: result.message }, message: null }, 400);
  return answer({
    ok: true,
    errors: {},
    message: "Your password was changed and every session of your account was ended. Sign in with the new password.",
  });
}

/** Accepting an invitation or setting up the owner: the new member is signed in (or sent to set up a required second factor). */
export async function newMemberAction(request: Request, clientIp: string, purpose: "invitation" | "owner-setup") {
  const { input, refusal } = await readChecked(request, clientIp, purpose === "owner-setup" ? ownerSetupSchema : acceptInvitationSchema);
  if (refusal) return refusal;
  const email = "email" in input ? (input.email as string) : undefined;
  const result = await createMemberFromLink(input.token, purpose, input.name, input.password, email);
  if (!result.ok) {
    if (result.field === "token") return tokenError(LINK_INVALID);
    if (result.field === "password") return answer({ ok: false, errors: { password: result.message }, message: null }, 400);
    return answer({ ok: false, errors: { email: result.message }, message: result.message }, result.status);
  }
  const headers = new Headers(noStore);
  // Under "two-factor required for all staff" the new member sets it up before any session opens,
  // as a sign-in under the policy does (decision 0028).
  const due = await secondFactorStep(request, result.staff);
  if (due) {
    headers.append("Set-Cookie", due.setCookie);
    return redirect(secondStepAddress("/admin"), { headers });
  }
  headers.append("Set-Cookie", await openSession(request, clientIp, result.staff));
  headers.append("Set-Cookie", flashCookie(request, "signed-in"));
  return redirect("/admin", { headers });
}
