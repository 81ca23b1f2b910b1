import { recordAudit } from "~/core/database/audit.server";
import { consume, isLimited } from "~/core/limits/rate-limit.server";
import { ApiError } from "~/core/http/api.server";
import { getAdminSession, type Admin } from "../session.server";
import { finishPending } from "./sign-in-steps.server";
import { listPasskeys, passkeyCount } from "./passkeys.server";
import { readPendingSignIn, type PendingSignIn } from "./pending-sign-in.server";
import { isTwoFactorRequired, setTwoFactorRequired } from "./policy.server";
import { issueRecoveryCodes, recoveryCodesLeft } from "./recovery-codes.server";
import { confirmTotp, hasTotp, removeTotp, startTotpSetup, verifyTotpCode, type TotpSetup } from "./totp.server";
import { getDb } from "~/core/database/db.server";

/** A member's second factors as their security settings show them. */
export async function securityOverview(admin: Admin) {
  const [totp, codesLeft, passkeys, required] = await Promise.all([
    hasTotp(admin.id),
    recoveryCodesLeft(admin.id),
    listPasskeys(admin.id),
    isTwoFactorRequired(),
  ]);
  return {
    totp: { enabled: totp, recoveryCodesLeft: totp ? codesLeft : 0 },
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    requiredForAllStaff: required,
  };
}
export type SecurityOverview = Awaited<ReturnType<typeof securityOverview>>;

/**
 * Who is setting up TOTP: a signed-in member from their settings, or a member whose sign-in waits
 * for it because the owner requires two-factor (a pending sign-in at the "setup" stage).
 */
export type SetupActor = { admin: Admin; pending: PendingSignIn | null };

export async function setupActor(request: Request): Promise<SetupActor> {
  const session = await getAdminSession(request);
  if (session) return { admin: session.admin, pending: null };
  const pending = await readPendingSignIn(request);
  if (pending?.stage === "setup") return { admin: pending.admin, pending };
  throw new ApiError(401, "Your admin session has expired or you are not signed in. Please sign in again.");
}

export async function beginTotpSetup(actor: SetupActor): Promise<TotpSetup> {
  const setup = await startTotpSetup(actor.admin);
  if (!setup) throw new ApiError(409, "Two-factor sign-in is already on. Turn it off first to use a new authenticator.");
  return setup;
}

/** Rate limited per account: the code is a guess like any other. */
async function guarded<T>(adminId: number, check: () => Promise<T | null>): Promise<T> {
  const account = String(adminId);
  const limited = await isLimited("secondFactorByAccount", account);
  if (limited.limited) throw tooMany(limited.retryAfterSeconds);
  const result = await check();
  if (result !== null && result !== false) return result;
  const after = await consume("secondFactorByAccount", account);
  if (after.limited) throw tooMany(after.retryAfterSeconds);
  throw new ApiError(400, "That code is not valid. Please try again.", { errors: { code: "That code is not valid. Please try again." } });
}

const tooMany = (seconds: number) =>
  new ApiError(429, "Too many wrong codes. Please wait a few minutes and try again.", {}, { "Retry-After": String(seconds) });

/**
 * Turns TOTP on with a code from the app; gives the recovery codes (shown once) and, for a sign-in
 * that waited for this, the session's cookies.
 */
export async function finishTotpSetup(request: Request, clientIp: string, actor: SetupActor, code: string) {
  const recoveryCodes = await guarded(actor.admin.id, () => confirmTotp(actor.admin.id, code));
  await recordAudit(actor.admin, "admin.two_factor_on", {
    targetType: "admin_user",
    targetId: actor.admin.id,
    summary: "Turned on two-factor sign-in",
  });
  if (!actor.pending) return { recoveryCodes, setCookies: [] };
  const finished = await finishPending(request, clientIp, actor.pending, "Signed in after setting up two-factor sign-in");
  if (!finished.ok) throw new ApiError(finished.status, finished.message);
  return { recoveryCodes, setCookies: finished.setCookies };
}

/** Turns TOTP off (a current code proves the app is at hand); refused while the owner requires a factor and no passkey remains. */
export async function turnOffTotp(admin: Admin, code: string): Promise<void> {
  if (!(await hasTotp(admin.id))) throw new ApiError(409, "Two-factor sign-in is not on.");
  if ((await isTwoFactorRequired()) && (await passkeyCount(admin.id)) === 0) {
    throw new ApiError(409, "Two-factor sign-in is required for all staff: add a passkey before turning the authenticator app off.");
  }
  await guarded(admin.id, () => verifyTotpCode(admin.id, code));
  await removeTotp(admin.id);
  await recordAudit(admin, "admin.two_factor_off", {
    targetType: "admin_user",
    targetId: admin.id,
    summary: "Turned off two-factor sign-in",
  });
}

/** Ten new recovery codes (the old ones stop working); a current code is asked for first. */
export async function renewRecoveryCodes(admin: Admin, code: string): Promise<string[]> {
  if (!(await hasTotp(admin.id))) throw new ApiError(409, "Two-factor sign-in is not on.");
  await guarded(admin.id, () => verifyTotpCode(admin.id, code));
  const codes = await issueRecoveryCodes(getDb(), admin.id);
  await recordAudit(admin, "admin.recovery_codes_renewed", {
    targetType: "admin_user",
    targetId: admin.id,
    summary: "Made new recovery codes",
  });
  return codes;
}

/** The owner's switch. Turning it on needs a second factor of one's own, so the owner is never the one locked out. */
export async function changeTwoFactorPolicy(admin: Admin, required: boolean): Promise<void> {
  if (required && !(await hasTotp(admin.id)) && (await passkeyCount(admin.id)) === 0) {
    throw new ApiError(409, "Set up two-factor sign-in for your own account before requiring it for all staff.");
  }
  await setTwoFactorRequired(required);
  await recordAudit(admin, "admin.two_factor_policy", {
    summary: required ? "Required two-factor sign-in for all staff" : "Stopped requiring two-factor sign-in",
  });
}
