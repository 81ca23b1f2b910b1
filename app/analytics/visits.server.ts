import type { BeaconRequest } from "~/core/http/beacon-route.server";
import type { RequestSignals } from "./counting.server";

/**
 * The request adapter (Plausible's one request builder): what the collector needs of a request, taken
 * the same way from a beacon (answered before the framework) and from a public form's Fetch Request.
 * `host`: the Host the request was sent to (a referrer naming it is a navigation inside the site).
 */
export type Visit = RequestSignals & { clientIp: string; host?: string | null };

export function visitOfBeacon(request: BeaconRequest): Visit {
  return {
    clientIp: request.clientIp,
    host: request.host,
    userAgent: request.header("user-agent") ?? "",
    secPurpose: request.header("sec-purpose"),
    purpose: request.header("purpose"),
    xPurpose: request.header("x-purpose"),
    xMoz: request.header("x-moz"),
    secGpc: request.header("sec-gpc"),
  };
}

export function visitOfForm(request: Request, clientIp: string): Visit {
  return { clientIp, userAgent: request.headers.get("user-agent") ?? "", secGpc: request.headers.get("sec-gpc") };
}

/** A page request answered on the server (the /get answers): every signal a beacon carries, from its headers. */
export function visitOfRequest(request: Request, clientIp: string): Visit {
  const header = (name: string) => request.headers.get(name);
  return {
    clientIp,
    host: header("host"),
    userAgent: header("user-agent") ?? "",
    secPurpose: header("sec-purpose"),
    purpose: header("purpose"),
    xPurpose: header("x-purpose"),
    xMoz: header("x-moz"),
    secGpc: header("sec-gpc"),
  };
}
