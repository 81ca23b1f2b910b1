import { startPendingSignIn } from "./two-factor/pending-sign-in.server";
import { passkeyCount } from "./two-factor/passkeys.server";
import { isTwoFactorRequired } from "./two-factor/policy.server";
import { planSecondFactor, type SecondFactorMethod } from "./two-factor/rules";
import { hasTotp } from "./two-factor/totp.server";

export type SecondFactorDue = { setCookie: string; stage: "verify" | "setup"; methods: SecondFactorMethod[] };

/**
 * Called by the sign-in flow once the password is right: null when the session may open now, else
 * a pending sign-in (its cookie, and what it waits for). Finishing it: app/auth/two-factor/verify.server.
 */
export async function secondFactorStep(request: Request, admin: { id: number }): Promise<SecondFactorDue | null> {
  const [totp, passkeys, required] = await Promise.all([hasTotp(admin.id), passkeyCount(admin.id), isTwoFactorRequired()]);
  const plan = planSecondFactor({ hasTotp: totp, passkeys }, required);
  if (!plan) return null;
  return { setCookie: await startPendingSignIn(request, admin.id, plan.stage), ...plan };
}
