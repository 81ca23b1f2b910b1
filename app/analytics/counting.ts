import { createHash } from "node:crypto";
import { isbot } from "isbot";

/**
 * What is counted and how a visitor is recognised for one day (pure).
 * Not counted: crawlers and headless browsers (isbot on the user agent), prefetches and prerenders
 * (`Sec-Purpose: prefetch`, `Purpose: prefetch`, `X-Purpose: preview`, `X-Moz: prefetch`), and visitors
 * asking not to be tracked (`Sec-GPC: 1`, Global Privacy Control).
 */
export type RequestSignals = {
  userAgent: string;
  secPurpose?: string | null;
  purpose?: string | null;
  xPurpose?: string | null;
  xMoz?: string | null;
  secGpc?: string | null;
};

export type NotCounted = "bot" | "prefetch" | "gpc";

export function notCounted(s: RequestSignals): NotCounted | null {
  if (!s.userAgent.trim() || isbot(s.userAgent)) return "bot";
  const prefetch = [s.secPurpose, s.purpose, s.xPurpose, s.xMoz].some((h) => /\b(prefetch|prerender|preview)\b/i.test(h ?? ""));
  if (prefetch) return "prefetch";
  if ((s.secGpc ?? "").trim() === "1") return "gpc";
  return null;
}

/**
 * A visitor of one day: sha256 over the day's random salt, the client's address, its user agent and the
 * site's host (Plausible's method). The salt is erased the next day, after which the hash can neither be
 * recomputed nor linked to another day's. Only the first 32 hex characters are kept (128 bits).
 */
export function visitorHash(salt: string, address: string, userAgent: string, site: string): string {
  return createHash("sha256").update(`${salt}\n${address}\n${userAgent}\n${site}`).digest("hex").slice(0, 32);
}

/** The UTC day of an instant, as the tables store it. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
