/**
 * PUT /api/admin/venues/{id}  (admin) either the full venue (as POST /api/admin/venues) or only
 *     {hidden: boolean} (the list's hide/show button) -> 200 {success: true, venue}
 *     -> 400 {success:false, message, errors} | 404 | 409 same name in that city | 401
 * Audited as venue.update, venue.hide or venue.show.
 */
import type { Route } from "./+types/api.admin.venues.$id";
import { ApiError, json, parseId, readJson, withApi, methodNotAllowed } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import { requireStaff } from "~/auth/session.server";
import { translateVenueErrors } from "~/venues/api.server";
import { venueHiddenSchema, venueInputSchema } from "~/venues/schema";
import { setVenueHidden, updateVenue } from "~/venues/venues.server";

export const action = withApi(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PUT") throw new ApiError(405, "Method not allowed");
  const { staff: admin } = await requireStaff(request, "editor");
  const id = parseId(params.id, "Venue not found");
  const body = await readJson(request);
  const hideOnly = typeof body === "object" && body !== null && Object.keys(body).length === 1 && "hidden" in body;
  if (hideOnly) {
    const hidden = valid(venueHiddenSchema.safeParse(body)).hidden;
    return json({ success: true, venue: await translateVenueErrors(() => setVenueHidden(admin, id, hidden)) });
  }
  const input = valid(venueInputSchema.safeParse(body));
  return json({ success: true, venue: await translateVenueErrors(() => updateVenue(admin, id, input)) });
});

function valid<T>(parsed: { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] }): T {
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new ApiError(400, Object.values(errors)[0] ?? "Invalid input", { errors });
}

// Any other method answers 405 in the API's JSON error shape.
export const loader = methodNotAllowed("PUT");
