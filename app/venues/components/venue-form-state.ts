import { VENUE_IMAGES } from "~/venues/images";
import type { AdminVenue } from "~/venues/schema";

/** The venue form's values as typed (text), and how they become the API's body and back. */

export type FormState = Record<
  | "name"
  | "city"
  | "address"
  | "lat"
  | "lng"
  | "type"
  | "rating"
  | "priceLevel"
  | "openUntil"
  | "phone"
  | "website"
  | "image"
  | "features"
  | "upcomingEvents"
  | "activeUsers"
  | "happyHourTimes"
  | "deals",
  string
> & { hasHappyHour: boolean; days: string[]; hidden: boolean };

export function initialState(venue: AdminVenue | null): FormState {
  return {
    name: venue?.name ?? "",
    city: venue?.city ?? "new-york",
    address: venue?.address ?? "",
    lat: venue ? String(venue.lat) : "",
    lng: venue ? String(venue.lng) : "",
    type: venue?.type ?? "bar",
    rating: venue ? String(venue.rating) : "4.5",
    priceLevel: venue?.priceLevel ?? "$$",
    openUntil: venue?.openUntil ?? "",
    phone: venue?.phone ?? "",
    website: venue?.website ?? "",
    image: venue?.image ?? VENUE_IMAGES.bar[0],
    features: venue?.features.join(", ") ?? "",
    upcomingEvents: String(venue?.upcomingEvents ?? 0),
    activeUsers: String(venue?.activeUsers ?? 0),
    hasHappyHour: Boolean(venue?.happyHour),
    happyHourTimes: venue?.happyHour?.times ?? "",
    days: venue?.happyHour?.days ?? [],
    deals: venue?.happyHour?.deals.join("\n") ?? "",
    hidden: venue?.hidden ?? false,
  };
}

const number = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const list = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's values as the API body (numbers as numbers, lists split, happy hour or null). */
export function toBody(form: FormState): Record<string, unknown> {
  return {
    name: form.name,
    city: form.city,
    address: form.address,
    lat: number(form.lat),
    lng: number(form.lng),
    type: form.type,
    rating: number(form.rating),
    priceLevel: form.priceLevel,
    openUntil: form.openUntil,
    phone: form.phone,
    website: form.website.trim() || null,
    image: form.image,
    features: list(form.features, /,/),
    upcomingEvents: number(form.upcomingEvents),
    activeUsers: number(form.activeUsers),
    happyHour: form.hasHappyHour ? { days: form.days, times: form.happyHourTimes, deals: list(form.deals, /\n/) } : null,
    hidden: form.hidden,
  };
}

/** Maps a schema path to the form field showing its message (happyHour.times -> happyHourTimes). */
export function issueKey(path: readonly PropertyKey[]): string {
  if (path[0] === "happyHour") return path[1] === "days" ? "days" : path[1] === "deals" ? "deals" : "happyHourTimes";
  if (path[0] === "features") return "features";
  return String(path[0] ?? "_form");
}
