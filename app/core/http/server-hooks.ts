import type { RequestHandler } from "express";
import type { BeaconRoute } from "./beacon-route.server";

/**
 * What the HTTP server (server/) needs from the features, handed to it at start by the composition root
 * (app/startup.server.ts): server/ itself imports no feature.
 */
export type ServerHooks = {
  /** Cookies that make a request personal: never answered from, nor stored in, a shared page cache. */
  personalCookies: readonly string[];
  /** Origins the CSP allows images from, besides the site and https: in general (the map's tiles). */
  imageSources: readonly string[];
  /** Creates the first admin account when there is none (ADMIN_EMAIL), or returns the setup link's notice for the console. */
  ensureFirstAdmin: () => Promise<string | undefined>;
  /** What an operator must fix in the configuration: logged at start (app/ops/config-warnings.ts). */
  configWarnings: ReadonlyArray<{ variable: string; message: string }>;
  /** Writes still taken when the disk is nearly full (signing in and out); every other write answers 507. */
  writesOnFullDisk: readonly string[];
  /** Operations endpoints (/metrics, /_ops/backup): answered by Express before the cross-site check, never cached. */
  operationRoutes: ReadonlyArray<{ method: "get" | "post"; path: string; handler: RequestHandler }>;
  /** Beacon endpoints (POST /api/analytics, /api/vitals): answered before Express (server/beacons-first.ts). */
  beaconRoutes: readonly BeaconRoute[];
  /**
   * The redirect rules' answer for a GET or HEAD of a path (app/redirects): asked before routing and the
   * front cache; a value in the same turn when the rules are known, a promise when they must be read.
   */
  redirectFor: (pathname: string, search: string) => RedirectHookAnswer | undefined | Promise<RedirectHookAnswer | undefined>;
};

/** A redirect (`location`) or, with a null location, 410 Gone. */
export type RedirectHookAnswer = { status: number; location: string | null };
