import { createChallenge, verifySolution } from "altcha-lib/v1";
import { ApiError } from "~/core/http/api.server";
import { generatedSecret } from "~/core/database/generated-secret.server";
import { consume } from "~/core/limits/rate-limit.server";

/**
 * The bot check a script cannot replay: ALTCHA's open proof-of-work protocol, self-hosted. The server
 * hands out a challenge signed with its own key (HMAC, kept in the database so every instance agrees)
 * that expires; the forms' script finds the number whose SHA-256 with the salt is the challenge
 * (about MAX_NUMBER / 2 hashes, a second or so on a phone) and posts it with the form; the server checks
 * the signature, the expiry and the number, and accepts each challenge once (its signature is spent in
 * the shared rate-limit store until it could no longer be valid). People still see the spec's widget.
 */
const MAX_NUMBER = 50_000;
const CHALLENGE_LIFETIME_MS = 10 * 60_000;
const PROOF_REFUSED = "The security check has expired or was already used. Please reload the page and try again.";

const KEY_SETTING = "proof-of-work-hmac-key";
const hmacKey = () => generatedSecret(KEY_SETTING);

/** A new challenge for one form submission (GET /api/proof-of-work). */
export async function newChallenge() {
  return createChallenge({ hmacKey: await hmacKey(), maxnumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
}

/**
 * "absent" when no proof was sent (the form falls under the tighter limit); "solved" for a valid proof
 * seen for the first time; a 400 for anything else (forged, expired, malformed, or replayed).
 */
export async function judgeProof(payload: string | undefined): Promise<"absent" | "solved"> {
  if (!payload) return "absent";
  let signature: unknown;
  let valid: boolean;
  try {
    signature = (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature?: unknown }).signature;
    valid = typeof signature === "string" && (await verifySolution(payload, await hmacKey(), true));
  } catch {
    valid = false;
  }
  if (!valid) throw new ApiError(400, PROOF_REFUSED);
  if ((await consume("proofOfWorkSpent", signature as string)).limited) throw new ApiError(400, PROOF_REFUSED);
  return "solved";
}
