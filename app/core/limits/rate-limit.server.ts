import { RateLimiterRes } from "rate-limiter-flexible";
import { clientKey } from "../network/ip-addresses";
import { getDb } from "../database/db.server";
import { BatchedRateLimiter } from "./batched-rate-limit.server";
import { DbClockRateLimiter } from "./rate-limit-store.server";

/**
 * Rate limits live in the database (rate_limits table), so they hold across every instance
 * behind a load balancer, timed by the database's clock (./rate-limit-store.server.ts).
 * Limiters are made lazily because the database opens at start.
 */
export type LimiterName =
  | "loginByIp"
  | "loginByEmail"
  | "loginByDevice"
  | "publicForm"
  | "publicFormWithoutScript"
  | "proofOfWorkSpent"
  | "verificationMailShort"
  | "verificationMailDaily"
  | "vitals"
  | "vitalsByClientPage"
  | "analytics"
  | "analyticsByClientPage"
  | "errors"
  | "errorsByClientIssue"
  | "staffMailByIp"
  | "staffMailByEmail"
  | "invitationsByStaff"
  | "staffTokenByIp"
  | "secondFactorByAccount"
  | "passkeyByIp"
  | "autosaveByStaff";

/** `byClient`: the key is a client address, counted by clientKey (an IPv6 client by its /64). */
/**
 * `batched`: counted in this process and shared through the database a second later (./batched-rate-limit.server.ts),
 * for beacons that arrive by the thousand a second and cost no database round trip each.
 */
const definitions: Record<
  LimiterName,
  { points: number; duration: number; blockDuration?: number; byClient?: boolean; batched?: boolean }
> = {
  // Failed sign-ins: 20 per client address and 5 per e-mail address in 15 minutes.
  loginByIp: { points: 20, duration: 15 * 60, byClient: true },
  loginByEmail: { points: 5, duration: 15 * 60 },
  // A browser trusted by its device cookie is exempt from those two; its own failures count here.
  loginByDevice: { points: 5, duration: 15 * 60 },
  // Wrong second factors (TOTP or recovery codes): 10 per account in 15 minutes, across all its pending
  // sign-ins (each pending sign-in also ends after 5 wrong codes: app/auth/two-factor/pending-sign-in.server).
  secondFactorByAccount: { points: 10, duration: 15 * 60 },
  // Passkey sign-ins and their options: 30 per client address in 15 minutes.
  passkeyByIp: { points: 30, duration: 15 * 60, byClient: true },
  // Public forms (contact, advertising, deletion requests): 10 per client address an hour.
  publicForm: { points: 10, duration: 60 * 60, byClient: true },
  // A form posted without the proof-of-work (no JavaScript): 3 per client address an hour.
  publicFormWithoutScript: { points: 3, duration: 60 * 60, byClient: true },
  // A proof of work is spent once (keyed by its challenge's signature), for longer than a challenge lives.
  proofOfWorkSpent: { points: 1, duration: 15 * 60 },
  // Verification e-mails to one address (keyed by its HMAC): one per 15 minutes, 3 per 24 hours.
  verificationMailShort: { points: 1, duration: 15 * 60 },
  verificationMailDaily: { points: 3, duration: 24 * 60 * 60 },
  // Web-vitals beacons: a visitor sends one or two per page view; 60 a minute per address is plenty.
  vitals: { points: 60, duration: 60, byClient: true, batched: true },
  // A client's weight in a page's percentile: 3 page views a day counted per client and page (the key is
  // "clientKey page", made by the vitals service); further beacons are answered alike and not kept.
  vitalsByClientPage: { points: 3, duration: 24 * 60 * 60, batched: true },
  // Analytics beacons: one per page view and goal; 120 a minute per address is plenty for a person.
  analytics: { points: 120, duration: 60, byClient: true, batched: true },
  // A client's weight in a page's figures: 3 page views (or 3 of one goal) a minute per client and page (the
  // key is "clientKey what page", made by app/analytics); further beacons are answered alike and not counted.
  analyticsByClientPage: { points: 3, duration: 60, batched: true },
  // Browser-error beacons (app/errors): a page sends at most 5 per view; 30 a minute per address.
  errors: { points: 30, duration: 60, byClient: true, batched: true },
  // The same error from one client counts 3 times an hour (the key is "clientKey message", made by
  // app/errors); further beacons are answered alike and not kept: a loop that throws is one voice.
  errorsByClientIssue: { points: 3, duration: 60 * 60, batched: true },
  // Password-reset requests: 10 per client address and 3 per e-mail address an hour.
  staffMailByIp: { points: 10, duration: 60 * 60, byClient: true },
  staffMailByEmail: { points: 3, duration: 60 * 60 },
  // Invitations sent: 30 per inviting staff member an hour.
  invitationsByStaff: { points: 30, duration: 60 * 60 },
  // One-time links tried (accept an invitation, reset a password, set up the owner): 20 per address in 15 minutes.
  staffTokenByIp: { points: 20, duration: 15 * 60, byClient: true },
  // A post editor's autosaves: one every few seconds while typing (about 12-30 a minute, two tabs at most
  // double that), so 90 a minute per staff member never stops a person; a runaway client is held to it.
  autosaveByStaff: { points: 90, duration: 60 },
};

const limiters = new Map<LimiterName, DbClockRateLimiter>();
const batchedLimiters = new Map<LimiterName, BatchedRateLimiter>();

function batchedLimiter(name: LimiterName): BatchedRateLimiter | undefined {
  const definition = definitions[name];
  if (!definition.batched) return undefined;
  let existing = batchedLimiters.get(name);
  if (!existing) {
    existing = new BatchedRateLimiter({ db: getDb, keyPrefix: name, points: definition.points, duration: definition.duration });
    batchedLimiters.set(name, existing);
  }
  return existing;
}

/** Writes the batched limits' counts now (tests read the rows; shutdown loses none). */
export async function flushRateLimits(): Promise<void> {
  await Promise.all([...batchedLimiters.values()].map((l) => l.flush()));
}

function limiter(name: LimiterName): DbClockRateLimiter {
  let existing = limiters.get(name);
  if (!existing) {
    existing = new DbClockRateLimiter({
      db: getDb(),
      keyPrefix: name,
      points: definitions[name].points,
      duration: definitions[name].duration,
      blockDuration: definitions[name].blockDuration,
    });
    limiters.set(name, existing);
  }
  return existing;
}

const keyOf = (name: LimiterName, key: string) => (definitions[name].byClient ? clientKey(key) : key.toLowerCase());

export type LimitResult = { limited: false } | { limited: true; retryAfterSeconds: number };

/** Counts one event against `key`; says whether the caller is over the limit. */
/**
 * The one rule for e-mails carrying a verification link to an address a visitor typed (list confirmations,
 * deletion requests): one per 15 minutes and 3 a day per address, keyed by the address's keyed hash.
 */
export async function verificationMailLimited(addressKey: string): Promise<boolean> {
  if ((await consume("verificationMailShort", addressKey)).limited) return true;
  return (await consume("verificationMailDaily", addressKey)).limited;
}

export async function consume(name: LimiterName, key: string): Promise<LimitResult> {
  const batched = batchedLimiter(name);
  if (batched) return batched.consume(keyOf(name, key));
  try {
    await limiter(name).consume(keyOf(name, key));
    return { limited: false };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    }
    throw error;
  }
}

/** Whether `key` is already over the limit, without counting an event. */
export async function isLimited(name: LimiterName, key: string): Promise<LimitResult> {
  const batched = batchedLimiter(name);
  if (batched) return batched.isLimited(keyOf(name, key));
  const res = await limiter(name).get(keyOf(name, key));
  if (res && res.consumedPoints >= definitions[name].points) {
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
  return { limited: false };
}

/** Gives back one event counted by consume (a reservation that turned out not to count). */
export async function refund(name: LimiterName, key: string): Promise<void> {
  const batched = batchedLimiter(name);
  if (batched) return batched.refund(keyOf(name, key));
  await limiter(name).reward(keyOf(name, key), 1);
}

export async function reset(name: LimiterName, key: string): Promise<void> {
  const batched = batchedLimiter(name);
  if (batched) return batched.reset(keyOf(name, key));
  await limiter(name).delete(keyOf(name, key));
}
