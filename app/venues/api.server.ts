import { ApiError } from "~/core/http/api.server";
import { VenueNameTaken, VenueNotFound } from "./venues.server";

/** Venue service errors as the /api/admin/venues* answers. */
export async function translateVenueErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VenueNotFound) throw new ApiError(404, "Venue not found");
    if (error instanceof VenueNameTaken) {
      const message = "A venue with this name already exists in this city";
      throw new ApiError(409, message, { errors: { name: message } });
    }
    throw error;
  }
}
