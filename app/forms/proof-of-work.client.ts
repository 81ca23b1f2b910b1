import { solveChallenge } from "altcha-lib/v1";

/**
 * The browser's half of the bot check (app/forms/proof-of-work.server.ts): fetches a challenge and
 * solves it with Web Crypto, started when the visitor first touches a form so the answer is usually
 * ready by the time they send it. Each proof is used once. Any failure gives no proof: the form is
 * still sent, under the tighter limit a form without JavaScript has.
 */
let pending: Promise<string | undefined> | undefined;

async function solve(): Promise<string | undefined> {
  try {
    const response = await fetch("/api/proof-of-work", { headers: { accept: "application/json" } });
    if (!response.ok) return undefined;
    const challenge = (await response.json()) as {
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    if (!solution) return undefined;
    const { algorithm, salt, signature } = challenge;
    return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }));
  } catch {
    return undefined;
  }
}

/** Starts solving (once) ahead of a submission. */
export function prepareProof(): void {
  pending ??= solve();
}

/** The proof for this submission; the next one gets a fresh challenge. */
export function takeProof(): Promise<string | undefined> {
  const proof = pending ?? solve();
  pending = undefined;
  return proof;
}
