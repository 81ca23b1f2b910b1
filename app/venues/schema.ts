import { z } from "~/core/text/zod";
import { CITIES, PRICE_LEVELS, VENUE_TYPES } from "./venue";

export * from "./venue";

/** The admin form's rules for a venue (Zod); what a venue is lives in ./venue, without Zod, for the map page. */

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

const count = z
  .number({ error: venueMessages.count })
  .int(venueMessages.count)
  .min(0, venueMessages.count)
  .max(100_000, venueMessages.count);
const trimmed = (min: number, max: number, message: string) => z.string({ error: message }).trim().min(min, message).max(max, message);

const happyHourSchema = z.object({
  days: z
    .array(z.enum(WEEK_DAYS, { error: venueMessages.happyHourDays }), { error: venueMessages.happyHourDays })
    .min(1, venueMessages.happyHourDays)
    .max(7),
  times: trimmed(3, 60, venueMessages.happyHourTimes),
  deals: z
    .array(trimmed(1, 100, venueMessages.deals), { error: venueMessages.deals })
    .max(10, venueMessages.deals)
    .default([]),
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
  features: z
    .array(trimmed(1, 40, venueMessages.features), { error: venueMessages.features })
    .max(20, venueMessages.features)
    .default([]),
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
