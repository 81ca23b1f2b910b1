import { digestOf } from "~/core/secrets/digest.server";
import { isbot } from "isbot";

/**
 * What is counted and how a visitor is recognised for one day (pure rules; `.server` for its hashing).
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

const hash = (...parts: string[]) => digestOf(parts.join("\n"), "hex").slice(0, 32);

/**
 * A visitor of one day: sha256 over the day's random salt, the client's address, its user agent and the
 * site's host (Plausible's method). The salt is erased as the next day begins and never leaves the
 * database (no backup holds it), after which the hash can neither be recomputed nor linked to another
 * day's. Only the first 32 hex characters are kept (128 bits).
 */
export function visitorHash(salt: string, address: string, userAgent: string, site: string): string {
  return hash(salt, address, userAgent, site);
}

/**
 * A client address of one day, without the address: sha256 over the day's salt, the address and the site
 * (no user agent), so the visitors one address adds in a day can be bounded. It is also the one visitor
 * that stands for all of that address's visitors past the bound.
 */
export function addressHash(salt: string, address: string, site: string): string {
  return hash(salt, "address", address, site);
}

/**
 * The number a visitor's steps of the day are kept under (analytics_visit_steps): 52 bits of a hash of the
 * day's visitor hash, so a JavaScript number; it joins one visitor's rows of that day and nothing else (a new
 * salt each day makes a new number), and cannot be recomputed from an address once the salt is erased.
 */
export function stepVisitor(visitor: string): number {
  return Number.parseInt(digestOf(`visit steps\n${visitor}`, "hex").slice(0, 13), 16);
}

/**
 * One address adds at most this many visitors a day: its first VISITORS_PER_ADDRESS - 1 user agents are a
 * visitor each, every further one is one more visitor, the same all day (66 user agents sent from one
 * address in 3 s were 66 "unique visitors"). An office or a school behind one address still counts as
 * several people; a script rotating user agents counts as ten at most.
 */
export const VISITORS_PER_ADDRESS = 10;
