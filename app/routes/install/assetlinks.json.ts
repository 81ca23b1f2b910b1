/**
 * GET /.well-known/assetlinks.json -> 200 application/json (Android App Links: the Digital Asset Links
 * statement of the app the admin set, app/install/app-links.ts), 404 while none is set. For Google's
 * verifier: no redirect, no cookie, no bot check, any user agent; read from the database on each request.
 */
import type { Route } from "./+types/assetlinks.json";
import { assetLinks } from "~/install/app-links";
import { readAndroidLinks } from "~/install/app-links.server";
import { wellKnownJson } from "~/install/well-known.server";

export async function loader(_args: Route.LoaderArgs) {
  const android = await readAndroidLinks();
  return wellKnownJson(android ? assetLinks(android) : null);
}
