import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDb, schema } from "./db.server";

/**
 * Rate limits live in the database (rate_limits table), so they hold across every instance
 * behind a load balancer. Limiters are made lazily because the database opens at start.
 */
type LimiterName = "loginByIp" | "loginByEmail" | "loginByDevice" | "secondFactorByAccount" | "passkeyByIp" | "publicForm" | "vitals";

const definitions: Record<LimiterName, { points: number; duration: number; blockDuration?: number }> = {
  // Failed sign-ins: 20 per client address and 5 per e-mail address in 15 minutes.
  loginByIp: { points: 20, duration: 15 * 60 },
  loginByEmail: { points: 5, duration: 15 * 60 },
  // A browser trusted by its device cookie is exempt from those two; its own failures count here.
  loginByDevice: { points: 5, duration: 15 * 60 },
  // Wrong second factors (TOTP or recovery codes): 10 per account in 15 minutes, across all its pending
  // sign-ins (each pending sign-in also ends after 5 wrong codes: app/auth/two-factor/pending-sign-in.server).
  secondFactorByAccount: { points: 10, duration: 15 * 60 },
  // Passkey sign-ins and their options: 30 per client address in 15 minutes.
  passkeyByIp: { points: 30, duration: 15 * 60 },
  // Public forms (contact, advertising, deletion requests): 10 per client address an hour.
  publicForm: { points: 10, duration: 60 * 60 },
  // Web-vitals beacons: a visitor sends one or two per page view; 60 a minute per address is plenty.
  vitals: { points: 60, duration: 60 },
};

const limiters = new Map<LimiterName, RateLimiterDrizzle>();

function limiter(name: LimiterName): RateLimiterDrizzle {
  let existing = limiters.get(name);
  if (!existing) {
    existing = new RateLimiterDrizzle({
      storeClient: getDb(),
      schema: schema.rateLimits,
      keyPrefix: name,
      ...definitions[name],
    });
    limiters.set(name, existing);
  }
  return existing;
}

export type LimitResult = { limited: false } | { limited: true; retryAfterSeconds: number };

/** Counts one event against `key`; says whether the caller is over the limit. */
export async function consume(name: LimiterName, key: string): Promise<LimitResult> {
  try {
    await limiter(name).consume(key.toLowerCase());
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
  const res = await limiter(name).get(key.toLowerCase());
  if (res && res.consumedPoints >= definitions[name].points) {
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
  return { limited: false };
}

export async function reset(name: LimiterName, key: string): Promise<void> {
  await limiter(name).delete(key.toLowerCase());
}
