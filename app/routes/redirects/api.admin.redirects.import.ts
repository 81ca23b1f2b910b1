/**
 * Role needed: editor (administrators and the owner too).
 * POST /api/admin/redirects/import JSON {format: "csv" | "ghost", content} (the file's text, at most 1 MB):
 *      a CSV of `from,to,status` (a header line is optional) or Ghost's redirects.json
 *      (`[{from, to, permanent}]`) -> 200 {imported, skipped, problems: ["Line 3: ...", ...]}
 *      | 400 | 401 | 403
 * Each line is checked as a rule added by hand (same schema, loops refused); a line that fails is skipped
 * with its reason. Audited as redirect.import.
 */
import type { Route } from "./+types/api.admin.redirects.import";
import { ApiError, json, methodNotAllowed, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { importRedirects } from "~/redirects/import.server";
import { redirectImportSchema } from "~/redirects/schema";

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed", {}, { Allow: "POST" });
  const { staff } = await requireStaff(request, "editor");
  const { format, content } = await parseJson(request, redirectImportSchema);
  return json(await importRedirects(staff, format, content));
});

export const loader = methodNotAllowed("POST");
