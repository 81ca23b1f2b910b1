import { recordAudit } from "~/core/audit.server";
import { consume, isLimited, reset } from "~/core/rate-limit.server";
import { secondFactorStep, type SecondFactorDue } from "./second-factor.server";
import { checkPassword, openSession, type Admin } from "./session.server";
import { deviceCookieFor, trustedDeviceId } from "./trusted-device.server";

const INVALID_CREDENTIALS = "Invalid email or password";
const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a few minutes and try again.";

/**
 * `secondFactor` set: the password was right but the account has a second factor (or must set one
 * up); `setCookies` then carries the pending sign-in's cookie, not a session.
 */
export type SignInAttempt =
  | { ok: true; admin: Admin; setCookies: string[]; secondFactor?: SecondFactorDue }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * The one sign-in path, for the JSON API and the /admin form alike: rate limited per client
 * address and per e-mail (failures count), audited on success. A browser that signed in as this
 * admin before (a valid device cookie, see trusted-device.server) is held only by its own limit,
 * so an attacker hammering the account cannot lock the admin out.
 */
export async function attemptSignIn(request: Request, clientIp: string, email: string, password: string): Promise<SignInAttempt> {
  const emailKey = email.trim().toLowerCase();
  const device = await trustedDeviceId(request, emailKey);
  // A device cookie that has failed too often is treated like any other browser.
  const trusted = device !== null && !(await isLimited("loginByDevice", device)).limited;
  const checks = trusted ? [] : [await isLimited("loginByIp", clientIp), await isLimited("loginByEmail", emailKey)];
  for (const check of checks) {
    if (check.limited) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: check.retryAfterSeconds };
  }
  const admin = await checkPassword(email, password);
  if (!admin) {
    await consume("loginByIp", clientIp);
    if (trusted) await consume("loginByDevice", device);
    else await consume("loginByEmail", emailKey);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  // A sign-in through a device cookie leaves the account's count alone: it is the attacker's.
  if (trusted) await reset("loginByDevice", device);
  else await reset("loginByEmail", emailKey);
  // The password was right; with a second factor on, the session waits for it (app/auth/two-factor).
  const due = await secondFactorStep(request, admin);
  if (due) return { ok: true, admin, setCookies: [due.setCookie], secondFactor: due };
  return { ok: true, admin, setCookies: await completeSignIn(request, clientIp, admin) };
}

/** Opens the session of a member who has given every factor due; audited; gives its Set-Cookies. */
export async function completeSignIn(request: Request, clientIp: string, admin: Admin, how = "Signed in"): Promise<string[]> {
  const setCookie = await openSession(request, clientIp, admin);
  await recordAudit(admin, "admin.sign_in", { summary: how });
  const deviceCookie = await deviceCookieFor(request, admin.email);
  return deviceCookie ? [setCookie, deviceCookie] : [setCookie];
}
