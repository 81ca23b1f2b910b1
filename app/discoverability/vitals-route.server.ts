import { beaconRoute } from "~/core/http/beacon-route.server";
import { vitalsBeaconSchema } from "./vitals";
import { acceptVitals } from "./vitals.server";

/**
 * POST /api/vitals  JSON {page: "/path", metrics: [{name: "LCP"|"INP"|"CLS"|"FCP"|"TTFB", value}]}
 *   -> 202 {success: true} | 400 {success:false, message} | 405 | 413 | 415 | 429
 * Sent by the browser's web-vitals script (fetch with keepalive, as JSON: ./vitals.client.ts). Only for the site's public pages and
 * published posts; rate limited per client address; each client counts for at most 3 page views a day
 * per page, and beacons are sampled when the server is busy (the answer is the same either way).
 * Answered before React Router (app/core/http/beacon-route.server.ts).
 */
export const vitalsBeaconRoute = beaconRoute({
  path: "/api/vitals",
  maxBytes: 4096,
  types: ["application/json"],
  typeMessage: "Send the body as JSON (Content-Type: application/json)",
  limit: { name: "vitals", message: "Too many measurements; try again later" },
  schema: vitalsBeaconSchema,
  accept: (beacon, request) => acceptVitals(beacon, request.clientIp),
});
