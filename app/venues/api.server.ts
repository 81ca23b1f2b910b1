import { ApiError } from "~/core/api.server";
import { VenueNameTaken, VenueNotFound } from "./venues.server";

/** Shared bits of the /api/admin/venues* routes. */

export function parseVenueId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,9}$/.test(value) || id < 1) throw new ApiError(404, "Venue not found");
  return id;
}

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
