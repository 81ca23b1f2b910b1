/** GET /ai-sitemap.xml: the pages offered to AI systems, each with its Markdown version, and the llms files. */
import type { Route } from "./+types/ai-sitemap.xml";
import { xmlResponse } from "~/discoverability/http.server";
import { discoverableContent } from "~/discoverability/content.server";

export async function loader(_args: Route.LoaderArgs) {
  return xmlResponse((await discoverableContent()).aiSitemap);
}
