/**
 * GET /.well-known/apple-app-site-association -> 200 application/json (Universal Links, as the admin set
 * them: app/install/app-links.ts), 404 while none are set. For Apple's CDN fetcher and the devices: no
 * redirect, no cookie, no bot check, any user agent; read from the database on each request, so a change
 * on any instance is served at once (no-cache: no cache in front keeps an old one; Apple's CDN keeps its own).
 */
import type { Route } from "./+types/apple-app-site-association";
import { appleAppSiteAssociation } from "~/install/app-links";
import { readAppleLinks } from "~/install/app-links.server";
import { wellKnownJson } from "~/install/well-known.server";

export async function loader(_args: Route.LoaderArgs) {
  const apple = await readAppleLinks();
  return wellKnownJson(apple ? appleAppSiteAssociation(apple) : null);
}
