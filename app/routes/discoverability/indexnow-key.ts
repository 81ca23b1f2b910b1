/** GET /{key}.txt: the IndexNow key file (the key, and nothing else); any other name is a 404. */
import type { Route } from "./+types/indexnow-key";
import { textResponse } from "~/discoverability/http.server";
import { isIndexNowKeyFile } from "~/discoverability/indexnow.server";

export async function loader({ params }: Route.LoaderArgs) {
  if (!(await isIndexNowKeyFile(params.key)))
    throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return textResponse(params.key, "text/plain; charset=utf-8");
}
