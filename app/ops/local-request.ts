import { isLoopbackHost } from "./config-warnings";

/**
 * A request made on this machine: from a loopback address (as Express resolved it through TRUST_PROXY)
 * and not relayed by a proxy. A proxy on the same machine connects from loopback too, so a request that
 * carries forwarding headers counts as remote even when TRUST_PROXY is off and the socket is loopback.
 */
export function isLocalRequest(ip: string | undefined, headers: Record<string, string | string[] | undefined>): boolean {
  if (!ip || !isLoopbackHost(ip.replace(/^::ffff:/, ""))) return false;
  return headers["x-forwarded-for"] === undefined && headers["forwarded"] === undefined && headers["x-real-ip"] === undefined;
}
