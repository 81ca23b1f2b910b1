import { isIP } from "node:net";
import { z } from "zod";

// Value kinds the server's settings share (env.server.ts and its groups).

/** A DNS server as node's resolver takes it: "192.0.2.1", "192.0.2.1:5353", "2001:db8::1" or "[2001:db8::1]:5353". */
function dnsServer(text: string): boolean {
  const bracketed = text.match(/^\[([^\]]+)\](?::(\d{1,5}))?$/);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : isIP(text) === 6 ? [text, undefined] : text.split(/:(?=\d+$)/);
  if (!host || isIP(host) === 0 || (bracketed && isIP(host) !== 6)) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** A comma-separated list of DNS servers (empty: the system's resolvers). */
export const dnsServerList = () =>
  z
    .string()
    .default("")
    .transform((value, ctx) => {
      const servers = value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = servers.filter((s) => !dnsServer(s));
      if (bad.length > 0)
        ctx.addIssue({
          code: "custom",
          message: `not a DNS server address: ${bad.join(", ")} (write 192.0.2.1, 192.0.2.1:53 or [2001:db8::1]:53)`,
        });
      return servers;
    });
