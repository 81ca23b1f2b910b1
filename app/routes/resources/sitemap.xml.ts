/**
 * GET /sitemap.xml: every public page (page registry) and published post, absolute URLs with
 * lastmod; past 50,000 URLs a sitemap index of GET /sitemap/{n}.xml. Rebuilt when the blog changes.
 */
import type { Route } from "./+types/sitemap.xml";
import { xmlResponse } from "~/discoverability/http.server";
import { discoverableContent } from "~/discoverability/content.server";

export async function loader({ params }: Route.LoaderArgs) {
  const { sitemap } = await discoverableContent();
  const part = (params as { n?: string }).n;
  if (part === undefined) return xmlResponse(sitemap.main);
  const xml = /^[1-9]\d{0,4}$/.test(part) ? sitemap.parts[Number(part) - 1] : undefined;
  if (!xml) throw new Response("Not found", { status: 404 });
  return xmlResponse(xml);
}
