import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-client limit counts by. An IPv4 address is one client; an IPv6 client usually holds a whole
 * /64 (billions of addresses), so its first 64 bits are the key. IPv4-mapped IPv6 is the IPv4 address.
 */
export function clientKey(address: string): string {
  const ip = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("::" and an IPv4 tail expanded). */
function expandIPv6(ip: string): string[] {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => parseInt(group || "0", 16).toString(16));
}

/**
 * A client's network, for bounding what many neighbouring addresses can do together: an IPv4 /24, an
 * IPv6 /48 (a site's usual allocation). Anything unparseable is its own network.
 */
export function networkKey(address: string): string {
  const client = clientKey(address);
  if (isIPv4(client)) return `${client.split(".").slice(0, 3).join(".")}.0/24`;
  if (client.endsWith("::/64")) return `${client.split(":").slice(0, 3).join(":")}::/48`;
  return client;
}
