import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** Venues of the explorer on /venue-map (spec section 3) with the city they belong to. */
export const venues = pgTable(
  "venues",
  {
    id: serial("id").primaryKey(),
    /** City and name made into one key, so two instances seeding together insert each demo venue once. */
    slug: text("slug").notNull(),
    city: text("city").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    type: text("type").notNull(),
    rating: doublePrecision("rating").notNull(),
    priceLevel: text("price_level").notNull(),
    openUntil: text("open_until").notNull(),
    happyHour: jsonb("happy_hour").$type<{ days: string[]; times: string; deals: string[] } | null>(),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    phone: text("phone").notNull(),
    website: text("website"),
    image: text("image").notNull(),
    upcomingEvents: integer("upcoming_events").notNull().default(0),
    activeUsers: integer("active_users").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("venues_slug_key").on(t.slug), index("venues_city_idx").on(t.city, t.hidden)],
);
