import { Secret, TOTP } from "otpauth";

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;

export const totpFor = (secret: string, label: string) =>
  new TOTP({ issuer: "Clink Admin", label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/**
 * The time step a code belongs to, if it matches the step of `nowMs` or one either side; null otherwise. The step
 * is counted from the same instant the code was checked at: read twice, a step's end falling between the two reads
 * recorded the next step as used, and refused the next good code (a browser test on a loaded machine, issue 48).
 */
export function matchedTotpStep(secret: string, token: string, nowMs: number): number | null {
  const delta = totpFor(secret, "").validate({ token, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
