/** GET /llms.txt (llmstxt.org) and GET /llms-full.txt (every page and post in full, as Markdown). */
import type { Route } from "./+types/llms.txt";
import { textResponse } from "~/discoverability/http.server";
import { discoverableContent } from "~/discoverability/content.server";

export async function loader({ request }: Route.LoaderArgs) {
  const content = await discoverableContent();
  const full = new URL(request.url).pathname === "/llms-full.txt";
  return textResponse(full ? content.llmsFull : content.llms, "text/markdown; charset=utf-8");
}
