import { buildExplorerView, DEFAULT_SETTINGS, nearbyVenueIds } from "./rules";
import type { MapState, MapVenue } from "./map.client";
import { CITY_INFO, DEFAULT_CITY, type City, type Venue } from "./venue";
import type { Weather } from "./weather";

/** The explorer's data, as the page renders it and its island receives it. */
export type ExplorerProps = {
  city: City;
  venues: Venue[];
  weather: Weather | null;
  tiles: { url: string; attribution: string };
};

/** Where distances start without the visitor's position (the spec's New York centre). */
export const FALLBACK_CENTRE = CITY_INFO[DEFAULT_CITY].centre;

/** What the map pins: the shown venues, nearest first. */
export const toMapVenues = (shown: ReturnType<typeof buildExplorerView>["shown"]): MapVenue[] =>
  shown.map(({ venue }) => ({ id: venue.id, name: venue.name, lat: venue.lat, lng: venue.lng, type: venue.type }));

/**
 * The map as the explorer first shows it (the view useVenueExplorer starts from), for the map's boot:
 * kept apart from the hook so the island's load-time script carries no component code.
 */
export function initialMapState({ city, venues, weather }: ExplorerProps): MapState {
  const origin = CITY_INFO[city].centre;
  const nearbyIds = nearbyVenueIds(venues, FALLBACK_CENTRE);
  const view = buildExplorerView(venues, {
    origin,
    radius: DEFAULT_SETTINGS.radius,
    filter: "all",
    transportMode: DEFAULT_SETTINGS.transportMode,
    weather,
    nearbyIds,
  });
  return {
    venues: toMapVenues(view.shown),
    origin,
    radiusMiles: DEFAULT_SETTINGS.radius,
    visitor: null,
    selectedId: null,
    hoveredId: null,
  };
}
