import { beaconRoute } from "~/core/http/beacon-route.server";
import { clientKey } from "~/core/network/ip-addresses";
import { consume } from "~/core/limits/rate-limit.server";
import { currentRelease } from "~/core/instance/release.server";
import { recordInBackground } from "./capture.server";
import { browserErrorSchema, browserFamily, ERROR_BEACON_MAX_BYTES, pathOnly } from "./event";
import { normalizeMessage } from "./fingerprint";

/**
 * POST /api/errors  JSON (or text/plain, as navigator.sendBeacon sends a string)
 *   {type?, message, stack?, page: "/path", seq?} -> 202 {success: true} | 400 {success:false, message} | 403
 *   (cross-site) | 405 | 413 (over 8 KB) | 415 | 429 (over 30 a minute per address)
 * A browser's uncaught error, unhandled rejection or React render error, from the site's own beacon
 * (./error-beacon.client.ts). Answered before Express (app/core/http/beacon-route.server.ts, decision record
 * 0045). The same error from one address counts 3 times an hour; more are answered alike and not kept. The
 * address is read for the limits only; the page keeps its path, the user agent its browser family.
 */
export const errorBeaconRoute = beaconRoute({
  path: "/api/errors",
  maxBytes: ERROR_BEACON_MAX_BYTES,
  types: ["application/json", "text/plain"],
  typeMessage: "Send the error as JSON (application/json or text/plain)",
  limit: { name: "errors", message: "Too many error reports; try again later" },
  schema: browserErrorSchema,
  accept: async (beacon, request) => {
    const same = await consume("errorsByClientIssue", `${clientKey(request.clientIp)} ${normalizeMessage(beacon.message).slice(0, 200)}`);
    if (same.limited) return;
    recordInBackground({
      kind: "browser",
      type: beacon.type || "Error",
      message: beacon.message,
      stack: beacon.stack,
      page: pathOnly(beacon.page),
      browser: browserFamily(request.header("user-agent")),
      requestId: null,
      release: currentRelease(),
      occurredAt: new Date(),
    });
  },
});
