import { z } from "zod";

/** What a venue is (spec section 3), the cities the explorer knows, and the admin form's rules. */

export const VENUE_TYPES = ["bar", "restaurant", "club", "brewery", "rooftop", "lounge"] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

export const VENUE_TYPE_LABELS: Record<VenueType, string> = {
  bar: "Bar",
  restaurant: "Restaurant",
  club: "Club",
  brewery: "Brewery",
  rooftop: "Rooftop",
  lounge: "Lounge",
};

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

export const venueMessages = {
  name: "Name must be between 2 and 120 characters",
  address: "Address must be between 5 and 200 characters",
  lat: "Latitude must be a number between -90 and 90",
  lng: "Longitude must be a number between -180 and 180",
  city: "Choose one of the five cities",
  type: "Choose a venue type",
  rating: "Rating must be between 0 and 5",
  priceLevel: "Price level must be $, $$, $$$ or $$$$",
  openUntil: "Enter the closing time, e.g. 2:00 AM",
  phone: "Phone number must be at least 5 characters",
  website: "Please enter a valid URL",
  image: "Image must be a site path starting with / or an https:// URL",
  count: "Enter a whole number from 0 to 100,000",
  features: "Up to 20 features of at most 40 characters each",
  happyHourTimes: "Enter the happy hour times, e.g. 4:00 PM - 7:00 PM",
  happyHourDays: "Choose at least one day for the happy hour",
  deals: "Up to 10 deals of at most 100 characters each",
} as const;

export const WEEK_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const count = z.number({ error: venueMessages.count }).int(venueMessages.count).min(0, venueMessages.count).max(100_000, venueMessages.count);
const trimmed = (min: number, max: number, message: string) => z.string({ error: message }).trim().min(min, message).max(max, message);

export const happyHourSchema = z.object({
  days: z.array(z.enum(WEEK_DAYS, { error: venueMessages.happyHourDays }), { error: venueMessages.happyHourDays }).min(1, venueMessages.happyHourDays).max(7),
  times: trimmed(3, 60, venueMessages.happyHourTimes),
  deals: z.array(trimmed(1, 100, venueMessages.deals), { error: venueMessages.deals }).max(10, venueMessages.deals).default([]),
});

/** The body of the admin's add and edit calls; the server checks it again whatever the browser did. */
export const venueInputSchema = z.object({
  name: trimmed(2, 120, venueMessages.name),
  city: z.enum(CITIES, { error: venueMessages.city }),
  address: trimmed(5, 200, venueMessages.address),
  lat: z.number({ error: venueMessages.lat }).min(-90, venueMessages.lat).max(90, venueMessages.lat),
  lng: z.number({ error: venueMessages.lng }).min(-180, venueMessages.lng).max(180, venueMessages.lng),
  type: z.enum(VENUE_TYPES, { error: venueMessages.type }),
  rating: z.number({ error: venueMessages.rating }).min(0, venueMessages.rating).max(5, venueMessages.rating),
  priceLevel: z.enum(PRICE_LEVELS, { error: venueMessages.priceLevel }),
  openUntil: trimmed(3, 20, venueMessages.openUntil),
  happyHour: happyHourSchema.nullable().default(null),
  features: z.array(trimmed(1, 40, venueMessages.features), { error: venueMessages.features }).max(20, venueMessages.features).default([]),
  phone: trimmed(5, 30, venueMessages.phone),
  website: z
    .union([z.literal(""), z.null(), z.url({ protocol: /^https?$/, error: venueMessages.website }).max(300, venueMessages.website)])
    .default(null)
    .transform((v) => v || null),
  image: trimmed(1, 500, venueMessages.image).refine((v) => /^\/[^/]/.test(v) || /^https:\/\/[^\s]+$/.test(v), venueMessages.image),
  upcomingEvents: count.default(0),
  activeUsers: count.default(0),
  hidden: z.boolean().default(false),
});
export type VenueInput = z.infer<typeof venueInputSchema>;

/** The hide/show toggle sends only this. */
export const venueHiddenSchema = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) }).strict();
