import { isIP } from "node:net";

/**
 * Which addresses a webhook may not reach (unless WEBHOOKS_ALLOW_PRIVATE=true): loopback, private,
 * link-local (the cloud metadata service 169.254.169.254 among them), "this network" (0.0.0.0/8),
 * carrier-grade NAT, multicast and reserved ranges, in IPv4 and IPv6, and IPv4 written inside IPv6
 * (::ffff:10.0.0.1, ::10.0.0.1, 64:ff9b::/96 NAT64, 2002::/16 6to4). Pure, so it is tested on its own.
 */
const V4_BLOCKED: Array<[string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function v4Number(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Blocked(address: string): boolean {
  const n = v4Number(address);
  return V4_BLOCKED.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

function v4OfGroups(hi: number, lo: number): string {
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

function v6Blocked(address: string): boolean {
  const g = v6Groups(address);
  if (g.length !== 8) return true;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // :: and ::1
  if (zeroTo(7) && (g[7] === 0 || g[7] === 1)) return true;
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): judged as the IPv4 address.
  if (zeroTo(5) && (g[5] === 0xffff || g[5] === 0)) return v4Blocked(v4OfGroups(g[6]!, g[7]!));
  // 64:ff9b::/96 (NAT64) carries an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(v4OfGroups(g[6]!, g[7]!));
  // 2002::/16 (6to4): the IPv4 address is in groups 1 and 2.
  if (g[0] === 0x2002) return v4Blocked(v4OfGroups(g[1]!, g[2]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (first === 0x0100 && zeroTo(0) && g.slice(1, 4).every((x) => x === 0)) return true; // 100::/64 discard
  return false;
}

/** True when a webhook may not be sent to this IP address (a malformed one counts as refused). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const version = isIP(bare.replace(/%.*$/, ""));
  if (version === 4) return v4Blocked(bare);
  if (version === 6) return v6Blocked(bare);
  return true;
}

/** The reason a URL cannot be a webhook endpoint by its shape alone (before any DNS), or null. */
export function urlShapeProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Enter the endpoint's full address, starting with https://";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Only http:// and https:// addresses can receive webhooks";
  if (url.username || url.password) return "Leave the user name and password out of the address";
  if (!url.hostname) return "Enter the endpoint's full address, starting with https://";
  return null;
}
