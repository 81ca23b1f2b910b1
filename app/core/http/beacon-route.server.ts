import { ApiError, parseJsonText, validBody } from "./api.server";
import { logger } from "../logs/logger.server";
import { consume, type LimiterName } from "../limits/rate-limit.server";
import type { z } from "../text/zod";

/** A beacon's request as the server hands it over (server/beacons-first.ts). */
type BeaconInput = {
  method: string;
  header: (name: string) => string | null;
  clientIp: string;
  /** The Host the request was sent to. */
  host: string;
  /** The body as text; rejects with a 413 ApiError past `maxBytes`, whatever Content-Length said. */
  body: (maxBytes: number) => Promise<string>;
};
export type BeaconAnswer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };
export type BeaconRoute = { path: string; answer: (input: BeaconInput) => Promise<BeaconAnswer> };

/** What a beacon's handler knows of its request besides the body. */
export type BeaconRequest = Pick<BeaconInput, "clientIp" | "host" | "header">;

/**
 * A beacon endpoint (POST, a small JSON body, answered 202), answered by the HTTP server before Express and
 * React Router (server/beacons-first.ts): browsers send one per page view, by the thousand a second at peak,
 * and the framework's request, middleware, matching and response cost ~1 ms each, which 2,000 a second took
 * from the pages (decision record 0045). The answers are the /api ones: {success, message} with 405, 413,
 * 415, 429 and 400 (a message per field), never a 500 for bad input.
 */
export function beaconRoute<S extends z.ZodType>(options: {
  path: string;
  maxBytes: number;
  /** Media types taken (sendBeacon sends a string as text/plain); the 415's message otherwise. */
  types: readonly string[];
  typeMessage: string;
  limit: { name: LimiterName; message: string };
  schema: S;
  accept: (beacon: z.output<S>, request: BeaconRequest) => Promise<void>;
}): BeaconRoute {
  async function take(input: BeaconInput): Promise<BeaconAnswer> {
    if (input.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
    if (Number(input.header("content-length") ?? 0) > options.maxBytes) throw new ApiError(413, "The beacon is too large");
    const type = (input.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!options.types.includes(type)) throw new ApiError(415, options.typeMessage);
    const limit = await consume(options.limit.name, input.clientIp);
    // Answered, not thrown: under a flood most beacons end here, and an Error's stack costs more than the rest.
    if (limit.limited)
      return {
        status: 429,
        body: { success: false, message: options.limit.message },
        headers: { "Retry-After": String(limit.retryAfterSeconds) },
      };
    const beacon = validBody(parseJsonText(await input.body(options.maxBytes)), options.schema);
    await options.accept(beacon, input);
    return { status: 202, body: { success: true } };
  }

  return {
    path: options.path,
    answer: (input) =>
      take(input).catch((error: unknown): BeaconAnswer => {
        if (error instanceof ApiError) {
          return {
            status: error.status,
            body: { success: false, message: error.message, ...error.body },
            headers: Object.fromEntries(new Headers(error.headers)),
          };
        }
        logger.error({ err: error, path: options.path }, "could not take a beacon");
        return { status: 500, body: { success: false, message: "Something went wrong on our side. Please try again." } };
      }),
  };
}

/** A body's 413 (for the server's reader). */
export const beaconTooLarge = () => new ApiError(413, "The beacon is too large");
