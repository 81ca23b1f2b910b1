import { dnsResolver } from "~/core/network/dns-resolver.server";
import { VersionedCache } from "~/core/caches/versioned-cache";
import { forwardConfirmed, type DnsLookups, type DnsVerdict } from "./reverse-dns";

/**
 * Reverse DNS verification of crawlers (./reverse-dns.ts) with node's resolver, for the crawler log's
 * writer: never on a request. Each verdict is remembered per address and domain list for a while
 * (long when the answer was yes, shorter when no, briefly when a lookup failed), in the one cache helper
 * (app/core/caches/versioned-cache.ts, bounded by a number of verdicts), and
 * a lookup already under way is shared rather than repeated. Every verification ends within
 * `timeoutMs`: a slow or silent server makes a visit "claimed", not late.
 */
export type ReverseDnsOptions = {
  /** DNS servers ("192.0.2.1", "127.0.0.1:5353", "[::1]:53"); the system's when empty. */
  servers?: readonly string[];
  /** The most one verification may take, both lookups together. */
  timeoutMs?: number;
  /** How long a verdict is kept: confirmed, refuted, and after a failed lookup. */
  verifiedTtlMs?: number;
  refutedTtlMs?: number;
  failedTtlMs?: number;
  /** Verdicts kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
};

export type ReverseDnsVerifier = {
  /** The remembered verdict, or undefined when there is none (or it has expired). Never waits. */
  cached(ip: string, domains: readonly string[]): boolean | undefined;
  verify(ip: string, domains: readonly string[]): Promise<boolean>;
  size(): number;
};

/** Node's codes for "the name has no such record", an answer; every other code is a failed lookup. */
const NO_RECORD = new Set(["ENOTFOUND", "ENODATA"]);

function answerOrNone(error: unknown): string[] {
  if (NO_RECORD.has((error as { code?: string }).code ?? "")) return [];
  throw error;
}

export function createReverseDnsVerifier(options: ReverseDnsOptions = {}): ReverseDnsVerifier {
  const timeoutMs = options.timeoutMs ?? 2000;
  const ttl: Record<DnsVerdict, number> = {
    verified: options.verifiedTtlMs ?? 6 * 60 * 60_000,
    "not-verified": options.refutedTtlMs ?? 60 * 60_000,
    unknown: options.failedTtlMs ?? 60_000,
  };

  // One try each: the deadline below bounds the whole verification anyway.
  const resolver = dnsResolver({ servers: options.servers, timeoutMs, tries: 1 });
  const lookups: DnsLookups = {
    reverse: (ip) => resolver.reverse(ip).catch(answerOrNone),
    forward: (host, family) => (family === 4 ? resolver.resolve4(host) : resolver.resolve6(host)).catch(answerOrNone),
  };

  // Verdicts are keyed by address and domains; nothing else versions them.
  const verdicts = new VersionedCache<DnsVerdict>({
    maxBytes: 4 * 1024 * 1024,
    maxEntries: options.maxEntries ?? 10_000,
    sizeOf: () => 16,
    lifetime: (verdict) => ttl[verdict],
    now: options.now,
  });
  const keyOf = (ip: string, domains: readonly string[]) => `${domains.join(",")} ${ip}`;

  async function lookUp(ip: string, domains: readonly string[]): Promise<DnsVerdict> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DnsVerdict>((resolve) => (timer = setTimeout(() => resolve("unknown"), timeoutMs)));
    try {
      return await Promise.race([forwardConfirmed(ip, domains, lookups), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    cached(ip, domains) {
      const verdict = verdicts.get(keyOf(ip, domains), "");
      return verdict === undefined ? undefined : verdict === "verified";
    },
    size: () => verdicts.size,
    async verify(ip, domains) {
      return (await verdicts.getOrMake(keyOf(ip, domains), "", () => lookUp(ip, domains))) === "verified";
    },
  };
}
