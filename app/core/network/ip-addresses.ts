/**
 * IP addresses, the one parser of the site (IPv4 and IPv6), pure: CIDR ranges and membership, the key a
 * per-client limit counts by, which addresses are public (crawlers) and which a webhook may not reach.
 * Addresses are compared as BigInts so one code path serves both families; IPv4-mapped IPv6 addresses
 * (::ffff:1.2.3.4, how Node reports IPv4 on a dual-stack socket) count as their IPv4 address.
 */
export type Cidr = { family: 4 | 6; base: bigint; bits: number };

function parseV4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseV6(text: string): bigint | null {
  let head = text;
  let tailV4: bigint | null = null;
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    tailV4 = parseV4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  if (tailV4 !== null) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

const MAPPED_PREFIX = 0xffffn << 32n;

/** An address as family and number, or null when it is not an IP address. */
export function parseIp(text: string): { family: 4 | 6; value: bigint } | null {
  const clean = text
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (!clean.includes(":")) {
    const v4 = parseV4(clean);
    return v4 === null ? null : { family: 4, value: v4 };
  }
  const v6 = parseV6(clean);
  if (v6 === null) return null;
  if (v6 >> 32n === MAPPED_PREFIX >> 32n) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

type Ip = { family: 4 | 6; value: bigint };

/** "66.249.64.0/27", "2001:4860:4801:10::/64" or a bare address (a /32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const [address, bitsText] = text.trim().split("/");
  const ip = parseIp(address ?? "");
  if (!ip) return null;
  const width = ip.family === 4 ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return null;
  return { family: ip.family, base: ip.value >> BigInt(width - bits), bits };
}

export function inRanges(ipText: string, ranges: readonly Cidr[]): boolean {
  const ip = parseIp(ipText);
  return ip !== null && ipInRanges(ip, ranges);
}

function ipInRanges(ip: Ip, ranges: readonly Cidr[]): boolean {
  const width = ip.family === 4 ? 32 : 128;
  for (const range of ranges) {
    if (range.family === ip.family && ip.value >> BigInt(width - range.bits) === range.base) return true;
  }
  return false;
}

/** An address written the way resolvers take it: dotted IPv4 (also for IPv4-mapped IPv6), or eight hex groups. */
export function formatIp(ip: { family: 4 | 6; value: bigint }): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join(".");
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((ip.value >> shift) & 0xffffn).toString(16));
  return groups.join(":");
}

export function sameIp(a: string, b: string): boolean {
  const [x, y] = [parseIp(a), parseIp(b)];
  return !!x && !!y && x.family === y.family && x.value === y.value;
}

// Addresses no crawler comes from (RFC 6890 special-purpose blocks a proxy or a LAN would show),
// so no reverse lookup is spent on them. The documentation blocks stay: tests speak from them.
const NOT_PUBLIC = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "::/128",
  "::1/128",
  "fc00::/7",
  "fe80::/10",
].map((text) => parseCidr(text)!);

/** Whether an address can be a crawler's on the public internet (false for loopback, private and link-local ones). */
export function isPublicAddress(ipText: string): boolean {
  return parseIp(ipText) !== null && !inRanges(ipText, NOT_PUBLIC);
}

/**
 * The key a per-client limit counts by. An IPv4 address is one client; an IPv6 client usually holds a whole
 * /64 (billions of addresses), so its first 64 bits are the key. IPv4-mapped IPv6 is the IPv4 address.
 */
export function clientKey(address: string): string {
  const ip = parseIp(address);
  if (!ip) return address.trim().toLowerCase();
  if (ip.family === 4) return formatIp(ip);
  return `${formatIp(ip).split(":").slice(0, 4).join(":")}::/64`;
}

/**
 * A client's network, for bounding what many neighbouring addresses can do together: an IPv4 /24, an
 * IPv6 /48 (a site's usual allocation). Anything unparseable is its own network.
 */
export function networkKey(address: string): string {
  const ip = parseIp(address);
  if (!ip) return address.trim().toLowerCase();
  if (ip.family === 4) return `${formatIp(ip).split(".").slice(0, 3).join(".")}.0/24`;
  return `${formatIp(ip).split(":").slice(0, 3).join(":")}::/48`;
}

/**
 * Where a webhook may not be sent (unless WEBHOOKS_ALLOW_PRIVATE=true): the addresses no crawler comes from
 * (loopback, private, link-local with the cloud metadata service 169.254.169.254, "this network",
 * carrier-grade NAT), and documentation, benchmarking, multicast and reserved ranges, in IPv4 and IPv6.
 */
const NOT_REACHABLE = [
  ...NOT_PUBLIC,
  ...[
    "192.0.0.0/24",
    "192.0.2.0/24",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    "fec0::/10",
    "ff00::/8",
    "2001:db8::/32",
    "100::/64",
  ].map((text) => parseCidr(text)!),
];

const V4_COMPATIBLE = parseCidr("::/96")!;
const NAT64 = parseCidr("64:ff9b::/96")!;
const SIX_TO_FOUR = parseCidr("2002::/16")!;

/** The IPv4 address an IPv6 one carries (::a.b.c.d, 64:ff9b::/96 NAT64, 2002::/16 6to4), or null. */
function embeddedV4(ip: Ip): Ip | null {
  if (ip.family !== 6) return null;
  if (ipInRanges(ip, [V4_COMPATIBLE, NAT64])) return { family: 4, value: ip.value & 0xffffffffn };
  if (ipInRanges(ip, [SIX_TO_FOUR])) return { family: 4, value: (ip.value >> 80n) & 0xffffffffn };
  return null;
}

/** True when a webhook may not be sent to this IP address (a malformed one counts as refused; :: and ::1 too). */
export function isPrivateAddress(address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return true;
  return ipInRanges(embeddedV4(ip) ?? ip, NOT_REACHABLE);
}
