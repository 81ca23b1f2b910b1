import type { LatLng, Venue, VenueType } from "./venue";
import type { Weather } from "./weather";
import { labelledValues } from "~/core/text/labelled-values";

/** The explorer's rules (spec sections 4 and 9), pure so they can be tested and timed. */

export const EARTH_RADIUS_MILES = 3959;
const NEARBY_MILES = 0.25;
export const CHECK_IN_MILES = 0.06;
export const NEARBY_RECHECK_MS = 30_000;
export const MAX_CARD_FEATURES = 3;
export const RADIUS = { min: 0.5, max: 10, step: 0.5, default: 2 } as const;
/** How the browser is asked to watch the visitor's position. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 30_000, timeout: 10_000 };

export const TRANSPORT_MODES = ["walking", "driving", "transit"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
const MINUTES_PER_MILE: Record<TransportMode, number> = { walking: 20, driving: 3, transit: 8 };
export const TRANSPORT_LABELS: Record<TransportMode, { button: string; trip: string }> = {
  walking: { button: "Walk", trip: "walk" },
  driving: { button: "Drive", trip: "drive" },
  transit: { button: "Transit", trip: "by transit" },
};

export type MapSettings = { radius: number; autoUpdate: boolean; notifications: boolean; transportMode: TransportMode };
export const DEFAULT_SETTINGS: MapSettings = { radius: RADIUS.default, autoUpdate: true, notifications: false, transportMode: "walking" };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine, Earth radius 3959 miles). */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes to cover `miles` in `mode`, rounded up (a float's last bit never adds a minute). */
export function travelMinutes(miles: number, mode: TransportMode): number {
  return Math.max(0, Math.ceil(miles * MINUTES_PER_MILE[mode] - 1e-9));
}

/** A slider value held to 0.5-10 miles in steps of 0.5; anything unreadable is the default. */
export function clampRadius(value: number): number {
  if (!Number.isFinite(value)) return RADIUS.default;
  const stepped = Math.round(value / RADIUS.step) * RADIUS.step;
  return Math.min(RADIUS.max, Math.max(RADIUS.min, stepped));
}

export const isNearby = (miles: number) => miles <= NEARBY_MILES;

const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/**
 * A cheap test that rules out points certainly farther than `miles` from `from` (a latitude band and,
 * away from the poles, a longitude band), so the haversine runs only for the rest. Never rules out a point within.
 */
export function outsideBox(from: LatLng, miles: number) {
  const dLat = (miles / MILES_PER_DEGREE) * 1.001;
  const cos = Math.cos(toRadians(Math.min(89, Math.abs(from.lat) + dLat)));
  const dLng = cos > 0.01 ? (dLat / cos) * 1.001 : 360;
  return (p: LatLng) => Math.abs(p.lat - from.lat) > dLat || Math.abs(((p.lng - from.lng + 540) % 360) - 180) > dLng;
}

/**
 * The checked-in venue after a new position: once set it stays (never cleared); otherwise the
 * closest venue within 0.06 miles, if any.
 */
export function nextCheckIn<V extends Venue>(current: V | null, venues: readonly V[], position: LatLng | null): V | null {
  if (current || !position) return current;
  let best: V | null = null;
  let bestDistance = Infinity;
  for (const venue of venues) {
    const d = distanceMiles(position, venue);
    if (d <= CHECK_IN_MILES && d < bestDistance) {
      best = venue;
      bestDistance = d;
    }
  }
  return best;
}

/** Ids of the venues within 0.25 miles of the visitor (recomputed every 30 s by the explorer). */
export function nearbyVenueIds(venues: readonly Venue[], position: LatLng | null): Set<number> {
  const ids = new Set<number>();
  if (!position) return ids;
  const outside = outsideBox(position, NEARBY_MILES);
  for (const venue of venues) if (!outside(venue) && isNearby(distanceMiles(position, venue))) ids.add(venue.id);
  return ids;
}

/** Whether the 30-second Nearby recheck is due. */
export const nearbyRecheckDue = (lastCheckedAt: number | null, now: number) =>
  lastCheckedAt === null || now - lastCheckedAt >= NEARBY_RECHECK_MS;

/** Rain and "Indoor", dry and "Outdoor Seating", or above 70 °F on a rooftop. */
export function isRecommended(venue: Pick<Venue, "type" | "features">, weather: Weather | null): boolean {
  if (!weather) return false;
  if (weather.precipitation && venue.features.includes("Indoor")) return true;
  if (!weather.precipitation && venue.features.includes("Outdoor Seating")) return true;
  return weather.temperature > 70 && venue.type === "rooftop";
}

export const {
  values: VENUE_FILTERS,
  labels: VENUE_FILTER_LABELS,
  is: isVenueFilter,
} = labelledValues({
  all: "All Venues",
  bar: "Bars",
  restaurant: "Restaurants",
  club: "Clubs",
  brewery: "Breweries",
  rooftop: "Rooftops",
  "happy-hour": "Happy Hour",
});
export type VenueFilter = (typeof VENUE_FILTERS)[number];

export function matchesFilter(venue: Pick<Venue, "type" | "happyHour">, filter: VenueFilter): boolean {
  if (filter === "all") return true;
  if (filter === "happy-hour") return venue.happyHour !== null;
  return venue.type === (filter as VenueType);
}

export type VenueView<V extends Venue = Venue> = {
  venue: V;
  distance: number;
  travelMinutes: number;
  recommended: boolean;
  nearby: boolean;
};

export type ExplorerState = {
  /** Where distances and the radius are measured from: the visitor, or the chosen city's centre. */
  origin: LatLng;
  radius: number;
  filter: VenueFilter;
  transportMode: TransportMode;
  weather: Weather | null;
  /** From the last Nearby check (visitor within 0.25 miles). */
  nearbyIds: ReadonlySet<number>;
};

export type ExplorerView<V extends Venue = Venue> = {
  /** Venues in the radius that pass the filter, nearest first. */
  shown: VenueView<V>[];
  /** Per filter, how many venues in the radius it would show. */
  counts: Record<VenueFilter, number>;
};

const INDEX_BITS = 2 ** 20;

/**
 * One update of the explorer: distance, travel time and badges for every venue in the radius, then
 * the filter, nearest first. Sorting packs distance and index into one number so the typed array's
 * native numeric sort does the work (10,000 venues in well under the 3 ms an update may take).
 */
export function buildExplorerView<V extends Venue>(venues: readonly V[], state: ExplorerState): ExplorerView<V> {
  const counts: Record<VenueFilter, number> = { all: 0, bar: 0, restaurant: 0, club: 0, brewery: 0, rooftop: 0, "happy-hour": 0 };
  const outside = outsideBox(state.origin, state.radius);
  const n = venues.length;
  const packable = n < INDEX_BITS && state.radius < 8000;
  const distances = new Float64Array(n);
  const keys = new Float64Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const venue = venues[i]!;
    if (outside(venue)) continue;
    const distance = distanceMiles(state.origin, venue);
    if (distance > state.radius + 1e-9) continue; // the edge is in, whatever the last bit of a float says
    counts.all++;
    if (venue.type !== "lounge") counts[venue.type]++;
    if (venue.happyHour) counts["happy-hour"]++;
    if (!matchesFilter(venue, state.filter)) continue;
    distances[i] = distance;
    keys[kept++] = packable ? Math.round(distance * 1e6) * INDEX_BITS + i : i;
  }
  const order = keys.subarray(0, kept);
  if (packable) order.sort();
  else order.sort((a, b) => distances[a]! - distances[b]! || a - b);
  const shown: VenueView<V>[] = new Array(kept);
  for (let k = 0; k < kept; k++) {
    const i = packable ? order[k]! % INDEX_BITS : order[k]!;
    const venue = venues[i]!;
    const distance = distances[i]!;
    shown[k] = {
      venue,
      distance,
      travelMinutes: travelMinutes(distance, state.transportMode),
      recommended: isRecommended(venue, state.weather),
      nearby: state.nearbyIds.has(venue.id),
    };
  }
  return { counts, shown };
}

/** The external maps link for a trip to the venue in the chosen mode. */
export function directionsUrl(venue: LatLng, mode: TransportMode): string {
  const params = new URLSearchParams({ api: "1", destination: `${venue.lat},${venue.lng}`, travelmode: mode });
  return `https://www.google.com/maps/dir/?${params}`;
}

/** A phone number as a tel: link (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export const formatDistance = (miles: number) => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
export const formatTravel = (minutes: number, mode: TransportMode) => `${minutes} min ${TRANSPORT_LABELS[mode].trip}`;

/** The check-in notification (spec section 4). */
export function checkInNotification(venue: Pick<Venue, "name" | "happyHour">): { title: string; body: string } {
  return { title: `Welcome to ${venue.name}!`, body: venue.happyHour ? venue.happyHour.times : "Enjoy your visit!" };
}

/** The city whose centre is closest to a position (the explorer follows the visitor into it). */
export function nearestCity<C extends string>(position: LatLng, centres: Record<C, LatLng>): C {
  let best: C | null = null;
  let bestDistance = Infinity;
  for (const [city, centre] of Object.entries(centres) as [C, LatLng][]) {
    const d = distanceMiles(position, centre);
    if (d < bestDistance) {
      best = city;
      bestDistance = d;
    }
  }
  return best!;
}
