import { recordAudit } from "~/core/database/audit.server";
import { consume, refund, reset } from "~/core/limits/rate-limit.server";
import { secondFactorStep, type SecondFactorDue } from "./second-factor.server";
import { checkPassword, openSession, type StaffMember } from "./session.server";
import { deviceCookieFor, trustedDeviceId } from "./trusted-device.server";

const INVALID_CREDENTIALS = "Invalid email or password";
const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a few minutes and try again.";

/**
 * `secondFactor` set: the password was right but the account has a second factor (or must set one
 * up); `setCookies` then carries the pending sign-in's cookie, not a session.
 */
export type SignInAttempt =
  | { ok: true; admin: StaffMember; setCookies: string[]; secondFactor?: SecondFactorDue }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

type Reservation = ["loginByIp" | "loginByEmail" | "loginByDevice", string];

/**
 * The one sign-in path, for the JSON API and the /admin form alike: rate limited per client
 * address and per e-mail, audited on success. Each attempt reserves its place in the limits before
 * the password is hashed (an atomic count in the database) and gives it back when it succeeds, so a
 * burst of parallel guesses checks no more passwords than the limit allows. A browser that signed in
 * as this member before (a valid device cookie, see trusted-device.server) is held only by its own
 * limit, so an attacker hammering the account cannot lock its owner out.
 */
export async function attemptSignIn(request: Request, clientIp: string, email: string, password: string): Promise<SignInAttempt> {
  const emailKey = email.trim().toLowerCase();
  const device = await trustedDeviceId(request, emailKey);
  const reservations: Reservation[] =
    device !== null
      ? [["loginByDevice", device]]
      : [
          ["loginByIp", clientIp],
          ["loginByEmail", emailKey],
        ];
  const taken: Reservation[] = [];
  for (const reservation of reservations) {
    const check = await consume(...reservation);
    if (check.limited) {
      // A device cookie that has failed too often is treated like any other browser.
      if (reservation[0] === "loginByDevice") return attemptSignInUntrusted(request, clientIp, emailKey, password);
      for (const held of taken) await refund(...held);
      return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: check.retryAfterSeconds };
    }
    taken.push(reservation);
  }
  return finish(request, clientIp, emailKey, password, device);
}

async function attemptSignInUntrusted(request: Request, clientIp: string, emailKey: string, password: string): Promise<SignInAttempt> {
  const ip = await consume("loginByIp", clientIp);
  if (ip.limited) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: ip.retryAfterSeconds };
  const byEmail = await consume("loginByEmail", emailKey);
  if (byEmail.limited) {
    await refund("loginByIp", clientIp);
    return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: byEmail.retryAfterSeconds };
  }
  return finish(request, clientIp, emailKey, password, null);
}

async function finish(
  request: Request,
  clientIp: string,
  emailKey: string,
  password: string,
  device: string | null,
): Promise<SignInAttempt> {
  const staff = await checkPassword(emailKey, password);
  // A failure keeps its reservation: it was the count.
  if (!staff) return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  // Success: the account's count starts again; the address gets its place back.
  if (device !== null) await reset("loginByDevice", device);
  else {
    await reset("loginByEmail", emailKey);
    await refund("loginByIp", clientIp);
  }
  // The password was right; with a second factor on, the session waits for it (app/auth/two-factor).
  const due = await secondFactorStep(request, staff);
  if (due) return { ok: true, admin: staff, setCookies: [due.setCookie], secondFactor: due };
  return { ok: true, admin: staff, setCookies: await completeSignIn(request, clientIp, staff) };
}

/** Opens the session of a member who has given every factor due; audited; gives its Set-Cookies. */
export async function completeSignIn(request: Request, clientIp: string, staff: StaffMember, how = "Signed in"): Promise<string[]> {
  const setCookie = await openSession(request, clientIp, staff);
  await recordAudit(staff, "admin.sign_in", { summary: how });
  const deviceCookie = await deviceCookieFor(request, staff.email);
  return deviceCookie ? [setCookie, deviceCookie] : [setCookie];
}
