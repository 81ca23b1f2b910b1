import { type LookupAddress } from "node:dns";
import { lookup as systemLookup, Resolver } from "node:dns/promises";

/**
 * DNS with the servers an operator names (WEBHOOKS_DNS_SERVERS, the crawler check's servers), the one place
 * resolvers are set up: one Resolver per list of servers and settings, kept for the process (a Resolver
 * holds its own socket state; making one per lookup would cost a setup each time). With no servers, the
 * system's (node's defaults, /etc/resolv.conf).
 */
export type ResolverSettings = {
  /** "192.0.2.1", "127.0.0.1:5353", "[::1]:53"; empty or absent: the system's servers. */
  servers?: readonly string[];
  /** Per query, ms. */
  timeoutMs: number;
  tries: number;
};

const resolvers = new Map<string, Resolver>();

export function dnsResolver({ servers = [], timeoutMs, tries }: ResolverSettings): Resolver {
  const key = `${servers.join(",")} ${timeoutMs} ${tries}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = new Resolver({ timeout: timeoutMs, tries });
    if (servers.length) resolver.setServers([...servers]);
    resolvers.set(key, resolver);
  }
  return resolver;
}

/**
 * Every address of `host` (IPv4 and IPv6, or one `family`), from the configured servers or the system's
 * resolver (getaddrinfo, which reads /etc/hosts too); throws ENOTFOUND when there is none. `localhost` and
 * its subdomains are loopback by definition (RFC 6761), whatever a server would answer.
 */
export async function hostAddresses(host: string, settings: ResolverSettings, family: 0 | 4 | 6 = 0): Promise<LookupAddress[]> {
  if (/(^|\.)localhost\.?$/i.test(host)) return [{ address: "127.0.0.1", family: 4 }];
  if (!settings.servers?.length) return systemLookup(host, { all: true, verbatim: true, family });
  const resolver = dnsResolver(settings);
  const none = () => [] as string[];
  const [v4, v6] = await Promise.all([
    family === 6 ? [] : resolver.resolve4(host).catch(none),
    family === 4 ? [] : resolver.resolve6(host).catch(none),
  ]);
  const found = [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
  if (found.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: "ENOTFOUND" });
  return found;
}
