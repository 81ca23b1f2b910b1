/** GET /robots.txt: public site allowed, admin areas and API disallowed, a group per AI crawler, the sitemaps. */
import type { Route } from "./+types/robots.txt";
import { robotsResponse } from "~/discoverability/http.server";

export function loader(_args: Route.LoaderArgs) {
  return robotsResponse();
}
