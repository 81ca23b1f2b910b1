import { formatIp, parseIp, sameIp } from "~/core/network/ip-addresses";

/**
 * Forward-confirmed reverse DNS, the check Google, Microsoft, Apple, Yandex, Amazon and Common Crawl
 * document for their crawlers: the address's PTR name must lie in one of the operator's domains, and
 * that name must resolve back to the same address (anyone can write any PTR name for an address they
 * hold; only the operator can make its domain's names point at it). Pure: the lookups are passed in,
 * so the server uses a real resolver with a cache (./crawler-dns.server.ts) and tests pass stand-ins.
 */
export type DnsLookups = {
  /** PTR names of an address; [] when it has none. Throws when the lookup fails (timeout, refusal). */
  reverse(ip: string): Promise<string[]>;
  /** A (family 4) or AAAA (family 6) addresses of a name; [] when it has none. Throws on failure. */
  forward(host: string, family: 4 | 6): Promise<string[]>;
};

/** "verified", "not verified" (the answers say no), or "unknown" (a lookup failed: try again later). */
export type DnsVerdict = "verified" | "not-verified" | "unknown";

/** Names compared the way DNS does: case-insensitive, the root's trailing dot dropped. */
function normalizeHost(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, "");
}

/** Whether a host name lies inside one of the domains (a whole-label suffix: "xgooglebot.com" is not in "googlebot.com"). */
export function hostInDomains(host: string, domains: readonly string[]): boolean {
  const name = normalizeHost(host);
  return domains.some((domain) => name.endsWith(`.${normalizeHost(domain)}`));
}

/** Forward lookups tried per address: a PTR set is usually one name; a long one is not worth following. */
const MAX_NAMES = 4;

export async function forwardConfirmed(ipText: string, domains: readonly string[], lookups: DnsLookups): Promise<DnsVerdict> {
  const ip = parseIp(ipText);
  if (!ip || domains.length === 0) return "not-verified";
  const address = formatIp(ip);
  let failed = false;
  let names: string[];
  try {
    names = (await lookups.reverse(address)).filter((name) => hostInDomains(name, domains)).slice(0, MAX_NAMES);
  } catch {
    return "unknown";
  }
  for (const name of names) {
    try {
      const addresses = await lookups.forward(normalizeHost(name), ip.family);
      if (addresses.some((a) => sameIp(a, address))) return "verified";
    } catch {
      failed = true;
    }
  }
  return failed ? "unknown" : "not-verified";
}
