/**
 * The pure rules of purging (app/cdn): how many tags each target takes in one call, and how long to wait
 * when a target says "too many requests".
 */

/** Cloudflare takes 30 tags per purge call; Fastly 256 surrogate keys; a Varnish header line stays well under 8 KB. */
export const TAGS_PER_CALL = { cloudflare: 30, fastly: 256, varnish: 100 } as const;

export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A Retry-After the purge waits out within its attempt (seconds or an HTTP date); longer ones go to the job's back-off. */
export const MAX_INLINE_WAIT_MS = 5_000;

export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Attempts of one purge before the owners hear of it (the job keeps trying after). */
export const ALERT_AFTER_ATTEMPTS = 3;
/** Attempts of one purge in all: 1 s, 2 s, 4 s ... about four minutes. */
export const PURGE_MAX_ATTEMPTS = 8;
export const PURGE_BACKOFF_BASE_MS = 1_000;
