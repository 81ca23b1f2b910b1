import { beaconRoute } from "~/core/beacon-route.server";
import { analyticsBeaconSchema } from "./beacon";
import { acceptBeacon } from "./collect.server";

/**
 * POST /api/analytics  JSON (or text/plain, as navigator.sendBeacon sends a string)
 *   {path: "/page", ref?: "referrer.host", utm_source?, utm_medium?, utm_campaign?, screen?: "mobile"|"tablet"|"desktop", goal?}
 *   -> 202 {success: true} | 400 {success:false, message} | 405 | 413 | 415 | 429
 * A page view (no goal) or a goal event from the public pages' beacon. Only for public pages (400 otherwise);
 * bots, prefetches and Sec-GPC: 1 are answered alike and not counted (./collect.server.ts). Answered before
 * React Router (app/core/beacon-route.server.ts).
 */
export const analyticsBeaconRoute = beaconRoute({
  path: "/api/analytics",
  maxBytes: 2048,
  types: ["application/json", "text/plain"],
  typeMessage: "Send the beacon as JSON (application/json or text/plain)",
  limit: { name: "analytics", message: "Too many beacons; try again later" },
  schema: analyticsBeaconSchema,
  accept: (beacon, request) =>
    acceptBeacon(beacon, {
      clientIp: request.clientIp,
      host: request.host,
      userAgent: request.header("user-agent") ?? "",
      secPurpose: request.header("sec-purpose"),
      purpose: request.header("purpose"),
      xPurpose: request.header("x-purpose"),
      xMoz: request.header("x-moz"),
      secGpc: request.header("sec-gpc"),
    }),
});
