/**
 * GET  /api/admin/venues  (admin) -> 200 AdminVenue[]: every venue, hidden ones included
 * POST /api/admin/venues  (admin) JSON venueInputSchema -> 201 {success: true, venue}
 *      -> 400 {success:false, message, errors: {field: message}} | 409 same name in that city | 401
 * Audited as venue.create.
 */
import type { Route } from "./+types/api.admin.venues";
import { ApiError, json, parseJson, withApi } from "~/core/http/api.server";
import { requireStaff } from "~/auth/session.server";
import { translateVenueErrors } from "~/venues/api.server";
import { venueInputSchema } from "~/venues/schema";
import { createVenue, listAdminVenues } from "~/venues/venues.server";

export const loader = withApi(async ({ request }: Route.LoaderArgs) => {
  await requireStaff(request, "editor");
  return json(await listAdminVenues());
});

export const action = withApi(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") throw new ApiError(405, "Method not allowed");
  const { staff: admin } = await requireStaff(request, "editor");
  const input = await parseJson(request, venueInputSchema);
  const venue = await translateVenueErrors(() => createVenue(admin, input));
  return json({ success: true, venue }, { status: 201 });
});
