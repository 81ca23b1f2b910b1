/**
 * Role needed: administrator (the owner too).
 * GET /api/admin/app-links -> 200 {apple?: {teamId, bundleId, paths}, android?: {packageName, sha256Fingerprints}, stores: [{name, value, meaning}]}
 * PUT /api/admin/app-links JSON {apple?: {teamId, bundleId, paths: string[]}, android?: {packageName, sha256Fingerprints: string[]}}
 *     -> 200 (what is now set; a platform left out is no longer set) | 400 {success:false, message naming the field} | 401 | 403
 * The two .well-known files follow at once, on every instance. Audited as app-links.update.
 * `stores`: the store links' configuration (read-only, from the environment).
 */
import type { Route } from "./+types/api.admin.app-links";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { appLinksSchema } from "~/install/app-links";
import { appLinksSettings, saveAppLinks } from "~/install/app-links.server";
import { storeSettings } from "~/install/store-config.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "administrator");
  return json(await appLinksSettings());
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "PUT") throw new ApiError(405, "Method not allowed", {}, { Allow: "GET, PUT" });
  const { staff } = await requireStaff(request, "administrator");
  const links = await parseJson(request, appLinksSchema);
  return json({ ...(await saveAppLinks(staff, links)), stores: storeSettings() });
});
