/** GET /llms.txt (llmstxt.org) and GET /llms-full.txt (every page and post in full, as Markdown). */
import type { Route } from "./+types/llms.txt";
import { textResponse } from "~/discoverability/http.server";
import { discoverableContent, markdownContent } from "~/discoverability/content.server";

export async function loader({ request }: Route.LoaderArgs) {
  const full = new URL(request.url).pathname === "/llms-full.txt";
  return textResponse(full ? (await markdownContent()).llmsFull : (await discoverableContent()).llms, "text/markdown; charset=utf-8");
}
