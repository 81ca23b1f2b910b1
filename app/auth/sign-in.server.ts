import { recordAudit } from "~/core/audit.server";
import { signIn, type Admin } from "./session.server";
import { consume, isLimited, reset } from "~/core/rate-limit.server";

const INVALID_CREDENTIALS = "Invalid email or password";
const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a few minutes and try again.";

export type SignInAttempt =
  | { ok: true; admin: Admin; setCookie: string }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * The one sign-in path, for the JSON API and the /admin form alike: rate limited per client
 * address and per e-mail (failures count), audited on success.
 */
export async function attemptSignIn(request: Request, clientIp: string, email: string, password: string): Promise<SignInAttempt> {
  const emailKey = email.trim().toLowerCase();
  for (const check of [await isLimited("loginByIp", clientIp), await isLimited("loginByEmail", emailKey)]) {
    if (check.limited) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfterSeconds: check.retryAfterSeconds };
  }
  const result = await signIn(request, email, password);
  if (!result) {
    await consume("loginByIp", clientIp);
    await consume("loginByEmail", emailKey);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  await reset("loginByEmail", emailKey);
  await recordAudit(result.admin, "admin.sign_in", { summary: "Signed in" });
  return { ok: true, admin: result.admin, setCookie: result.setCookie };
}
