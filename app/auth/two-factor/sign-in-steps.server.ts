import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { consume, isLimited, reset } from "~/core/limits/rate-limit.server";
import { completeSignIn } from "../sign-in.server";
import { passkeyCount, verifyPasskey } from "./passkeys.server";
import { clearPendingCookie, countPendingFailure, endPendingSignIn, readPendingSignIn, type PendingSignIn } from "./pending-sign-in.server";
import { spendRecoveryCode } from "./recovery-codes.server";
import { hasTotp, verifyTotpCode } from "./totp.server";

/** The second step of a sign-in: after the password, a TOTP code, a recovery code or a passkey. */
export type StepResult =
  { ok: true; setCookies: string[] } | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number; setCookies?: string[] };

const SIGN_IN_EXPIRED = "Your sign-in has expired. Please sign in again.";
const WRONG_CODE = "That code is not valid. Please try again.";
const TOO_MANY_CODES = "Too many wrong codes. Please wait a few minutes and sign in again.";

export type PendingView = { stage: "verify" | "setup"; email: string; totp: boolean; passkeys: boolean };

/** What the second-step page shows for this request's pending sign-in (null: none, or expired). */
export async function pendingSignInView(request: Request): Promise<PendingView | null> {
  const pending = await readPendingSignIn(request);
  if (!pending) return null;
  const [totp, passkeys] = await Promise.all([hasTotp(pending.admin.id), passkeyCount(pending.admin.id)]);
  return { stage: pending.stage, email: pending.admin.email, totp, passkeys: passkeys > 0 };
}

/** Finishes a pending sign-in once: opens the session and clears the pending cookie. */
export async function finishPending(request: Request, clientIp: string, pending: PendingSignIn, how: string): Promise<StepResult> {
  if (!(await endPendingSignIn(pending))) return { ok: false, status: 401, message: SIGN_IN_EXPIRED };
  const cookies = await completeSignIn(request, clientIp, pending.admin, how);
  return { ok: true, setCookies: [...cookies, clearPendingCookie(request)] };
}

/**
 * Checks a TOTP or recovery code against the pending sign-in. Wrong codes count twice: against this
 * pending sign-in (5, then it ends) and against the account (10 in 15 minutes, whichever sign-in).
 */
export async function verifySecondFactor(
  request: Request,
  clientIp: string,
  input: { code?: string; recoveryCode?: string },
): Promise<StepResult> {
  const pending = await readPendingSignIn(request);
  if (!pending || pending.stage !== "verify") return { ok: false, status: 401, message: SIGN_IN_EXPIRED };
  const account = String(pending.admin.id);
  const limited = await isLimited("secondFactorByAccount", account);
  if (limited.limited) return { ok: false, status: 429, message: TOO_MANY_CODES, retryAfterSeconds: limited.retryAfterSeconds };
  const ok = input.recoveryCode
    ? await spendRecoveryCode(pending.admin.id, input.recoveryCode)
    : await verifyTotpCode(pending.admin.id, input.code ?? "");
  if (ok) {
    await reset("secondFactorByAccount", account);
    return finishPending(
      request,
      clientIp,
      pending,
      input.recoveryCode ? "Signed in with a recovery code" : "Signed in with an authenticator code",
    );
  }
  const byAccount = await consume("secondFactorByAccount", account);
  const exhausted = await countPendingFailure(pending);
  if (exhausted) {
    await endPendingSignIn(pending);
    return { ok: false, status: 429, message: TOO_MANY_CODES, retryAfterSeconds: 60, setCookies: [clearPendingCookie(request)] };
  }
  if (byAccount.limited) return { ok: false, status: 429, message: TOO_MANY_CODES, retryAfterSeconds: byAccount.retryAfterSeconds };
  return { ok: false, status: 401, message: WRONG_CODE };
}

const PASSKEY_REFUSED = "That passkey could not be verified. Please try again.";
const TOO_MANY_PASSKEY_TRIES = "Too many passkey attempts. Please wait a few minutes and try again.";

/** Limits passkey ceremonies per client address (options and answers alike). */
export async function passkeyAllowance(clientIp: string): Promise<{ limited: false } | { limited: true; retryAfterSeconds: number }> {
  return consume("passkeyByIp", clientIp);
}

/**
 * A passkey answers for its member: as the second step of a pending sign-in, or with no password at
 * all (a passkey is two factors in one: the device, and the fingerprint or PIN that unlocks it).
 */
export async function signInWithPasskey(request: Request, clientIp: string, response: AuthenticationResponseJSON): Promise<StepResult> {
  const allowance = await passkeyAllowance(clientIp);
  if (allowance.limited) return { ok: false, status: 429, message: TOO_MANY_PASSKEY_TRIES, retryAfterSeconds: allowance.retryAfterSeconds };
  const member = await verifyPasskey(response);
  if (!member) return { ok: false, status: 401, message: PASSKEY_REFUSED };
  const pending = await readPendingSignIn(request);
  if (pending && pending.admin.id === member.id) return finishPending(request, clientIp, pending, "Signed in with a passkey");
  const cookies = await completeSignIn(request, clientIp, member, "Signed in with a passkey");
  return { ok: true, setCookies: pending ? [...cookies, clearPendingCookie(request)] : cookies };
}
