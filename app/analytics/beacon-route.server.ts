import { ApiError } from "~/core/http/api.server";
import { beaconRoute } from "~/core/http/beacon-route.server";
import { analyticsBeaconSchema } from "./beacon";
import { collectBeacon } from "./collect.server";
import { visitOfBeacon } from "./visits.server";

/**
 * POST /api/analytics  JSON (or text/plain, as navigator.sendBeacon sends a string)
 *   {path: "/page", ref?: "referrer.host", utm_source?, utm_medium?, utm_campaign?, screen?: "mobile"|"tablet"|"desktop", goal?}
 *   -> 202 {success: true} | 400 {success:false, message} | 405 | 413 | 415 | 429
 * A page view (no goal) or a goal event from the public pages' beacon. Only for public pages (400 otherwise);
 * bots, prefetches and Sec-GPC: 1 are answered alike and not counted (./collect.server.ts). Answered before
 * React Router (app/core/http/beacon-route.server.ts).
 */
export const analyticsBeaconRoute = beaconRoute({
  path: "/api/analytics",
  maxBytes: 2048,
  types: ["application/json", "text/plain"],
  typeMessage: "Send the beacon as JSON (application/json or text/plain)",
  limit: { name: "analytics", message: "Too many beacons; try again later" },
  schema: analyticsBeaconSchema,
  accept: async (beacon, request) => {
    const outcome = await collectBeacon(beacon, visitOfBeacon(request));
    if (outcome === "not-a-public-page") throw new ApiError(400, "path is not a public page of this site");
  },
});
