import { digestOf } from "~/core/secrets/digest.server";
import { and, asc, eq, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/core/database/audit.server";
import { queueCachePurge } from "~/core/caches/cache-purge.server";
import { cityTag, VENUES_TAG } from "~/core/caches/cache-tags";
import { getDb, schema } from "~/core/database/db.server";
import { contentChangeCount } from "~/core/caches/content-changes.server";
import { sharedVersion } from "~/core/caches/shared-version.server";
import {
  CITY_INFO,
  isCity,
  type AdminVenue,
  type City,
  type HappyHour,
  type PriceLevel,
  type Venue,
  type VenueInput,
  type VenueType,
} from "./schema";

/** Reading and changing venues. Every change is written to the admin's audit trail. */

type Row = typeof schema.venues.$inferSelect;

export class VenueNotFound extends Error {}
export class VenueNameTaken extends Error {}

function toVenue(row: Row): Venue {
  return {
    id: row.id,
    city: row.city as City,
    name: row.name,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    type: row.type as VenueType,
    rating: row.rating,
    priceLevel: row.priceLevel as PriceLevel,
    openUntil: row.openUntil,
    happyHour: (row.happyHour as HappyHour | null) ?? null,
    features: row.features,
    phone: row.phone,
    website: row.website,
    image: row.image,
    upcomingEvents: row.upcomingEvents,
    activeUsers: row.activeUsers,
  };
}

const toAdminVenue = (row: Row): AdminVenue => ({ ...toVenue(row), hidden: row.hidden, updatedAt: row.updatedAt.toISOString() });

/** City and name as one key: "new-york/the-copper-lantern". */
export const venueSlug = (city: City, name: string) =>
  `${city}/${name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

/**
 * The venues' version, for the pages that show them (the front cache keys /venue-map on it): an
 * admin's add, edit or hide on any instance changes it (every write to venues is counted, decision record 0023).
 */
const venuesVersion = sharedVersion(() => contentChangeCount("venues"));
export const venueVersion = () => venuesVersion.current();
export const venueVersionNow = () => venuesVersion.fresh();

/** Public venues, of one city or all, in a stable order. */
export async function listPublicVenues(city?: City): Promise<Venue[]> {
  const where = city ? and(eq(schema.venues.hidden, false), eq(schema.venues.city, city)) : eq(schema.venues.hidden, false);
  const rows = await getDb().select().from(schema.venues).where(where).orderBy(asc(schema.venues.city), asc(schema.venues.id));
  return rows.map(toVenue);
}

/** The public list as JSON with a validator made from its bytes (any instance gives the same one). */
export async function publicVenuesJson(city?: City): Promise<{ body: string; etag: string }> {
  const body = JSON.stringify(await listPublicVenues(city));
  return { body, etag: `W/"v-${digestOf(body, "base64url", "sha1").slice(0, 22)}"` };
}

export async function listAdminVenues(): Promise<AdminVenue[]> {
  const rows = await getDb().select().from(schema.venues).orderBy(asc(schema.venues.city), asc(schema.venues.name));
  return rows.map(toAdminVenue);
}

const values = (input: VenueInput) => ({
  slug: venueSlug(input.city, input.name),
  city: input.city,
  name: input.name,
  address: input.address,
  lat: input.lat,
  lng: input.lng,
  type: input.type,
  rating: Math.round(input.rating * 10) / 10,
  priceLevel: input.priceLevel,
  openUntil: input.openUntil,
  happyHour: input.happyHour,
  features: input.features,
  phone: input.phone,
  website: input.website,
  image: input.image,
  upcomingEvents: input.upcomingEvents,
  activeUsers: input.activeUsers,
  hidden: input.hidden,
});

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") throw new VenueNameTaken();
    throw error;
  }
}

/** The venue map's pages of the cities a change touched, and the venues' JSON. */
const purgeVenues = (cities: readonly string[], reason: string) => queueCachePurge(getDb(), [VENUES_TAG, ...cities.map(cityTag)], reason);

export async function createVenue(admin: AuditActor, input: VenueInput): Promise<AdminVenue> {
  const [row] = await uniqueName(() => getDb().insert(schema.venues).values(values(input)).returning());
  if (!row) throw new Error("insert returned no row");
  venuesVersion.changed();
  await purgeVenues([row.city], `venue ${row.id} added`);
  await recordAudit(admin, "venue.create", {
    targetType: "venue",
    targetId: row.id,
    summary: `Added venue "${row.name}" (${CITY_INFO[input.city].name})`,
  });
  return toAdminVenue(row);
}

export async function updateVenue(admin: AuditActor, id: number, input: VenueInput): Promise<AdminVenue> {
  const [before] = await getDb().select({ city: schema.venues.city }).from(schema.venues).where(eq(schema.venues.id, id));
  const [row] = await uniqueName(() =>
    getDb()
      .update(schema.venues)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(schema.venues.id, id))
      .returning(),
  );
  if (!row) throw new VenueNotFound();
  venuesVersion.changed();
  await purgeVenues([row.city, ...(before ? [before.city] : [])], `venue ${id} edited`);
  await recordAudit(admin, "venue.update", { targetType: "venue", targetId: id, summary: `Edited venue "${row.name}"` });
  return toAdminVenue(row);
}

export async function setVenueHidden(admin: AuditActor, id: number, hidden: boolean): Promise<AdminVenue> {
  const [row] = await getDb()
    .update(schema.venues)
    .set({ hidden, updatedAt: sql`now()` })
    .where(eq(schema.venues.id, id))
    .returning();
  if (!row) throw new VenueNotFound();
  venuesVersion.changed();
  await purgeVenues([row.city], `venue ${id} ${hidden ? "hidden" : "shown"}`);
  await recordAudit(admin, hidden ? "venue.hide" : "venue.show", {
    targetType: "venue",
    targetId: id,
    summary: `${hidden ? "Hid" : "Showed"} venue "${row.name}"`,
  });
  return toAdminVenue(row);
}

export const parseCityParam = (value: string | null): City | undefined | "invalid" =>
  value === null || value === "" ? undefined : isCity(value) ? value : "invalid";
