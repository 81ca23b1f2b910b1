/** GET /api/waitlist/spots -> 200 { total, left }: the early-adopter list's spots (WAITLIST_SPOTS, less those confirmed). */
import { waitlistSpots } from "~/audience/spots.server";
import { json, methodNotAllowed, withApi } from "~/core/http/api.server";

export const loader = withApi(async () => json(await waitlistSpots(), { headers: { "Cache-Control": "no-store" } }));

export const action = methodNotAllowed("GET");
