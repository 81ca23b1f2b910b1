import { labelledValues } from "~/core/text/labelled-values";

/** What a venue is (spec section 3) and the cities the explorer knows. No Zod here: the map page loads this. */

export const { values: VENUE_TYPES, labels: VENUE_TYPE_LABELS } = labelledValues({
  bar: "Bar",
  restaurant: "Restaurant",
  club: "Club",
  brewery: "Brewery",
  rooftop: "Rooftop",
  lounge: "Lounge",
});
export type VenueType = (typeof VENUE_TYPES)[number];

export const PRICE_LEVELS = ["$", "$$", "$$$", "$$$$"] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];

export const CITIES = ["new-york", "los-angeles", "chicago", "san-francisco", "miami"] as const;
export type City = (typeof CITIES)[number];

export type LatLng = { lat: number; lng: number };

/** Each city's name and the point the explorer starts from there. New York's is the spec's default centre. */
export const CITY_INFO: Record<City, { name: string; centre: LatLng; area: string }> = {
  "new-york": { name: "New York", centre: { lat: 40.7589, lng: -73.9851 }, area: "Times Square, New York" },
  "los-angeles": { name: "Los Angeles", centre: { lat: 34.0522, lng: -118.2437 }, area: "Downtown Los Angeles" },
  chicago: { name: "Chicago", centre: { lat: 41.8827, lng: -87.6233 }, area: "the Loop, Chicago" },
  "san-francisco": { name: "San Francisco", centre: { lat: 37.7879, lng: -122.4075 }, area: "Union Square, San Francisco" },
  miami: { name: "Miami", centre: { lat: 25.7743, lng: -80.1937 }, area: "Downtown Miami" },
};

export const DEFAULT_CITY: City = "new-york";

/** A city named in an address: its slug ("new-york") or its name ("New York"), any case; unknown is undefined. */
export function cityFromParam(value: string | null | undefined): City | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return undefined;
  return CITIES.find((city) => city === wanted || CITY_INFO[city].name.toLowerCase() === wanted);
}

export const isCity = (value: unknown): value is City => typeof value === "string" && (CITIES as readonly string[]).includes(value);

export type HappyHour = { days: string[]; times: string; deals: string[] };

/** A venue as the public API and the explorer see it. */
export type Venue = {
  id: number;
  city: City;
  name: string;
  address: string;
  lat: number;
  lng: number;
  type: VenueType;
  rating: number;
  priceLevel: PriceLevel;
  openUntil: string;
  happyHour: HappyHour | null;
  features: string[];
  phone: string;
  website: string | null;
  image: string;
  upcomingEvents: number;
  activeUsers: number;
};

/** The admin's view adds whether the venue is hidden from the public. */
export type AdminVenue = Venue & { hidden: boolean; updatedAt: string };
