import type { MapBoot } from "~/venues/map-boot";
import { ExplorerFilterBar, ExplorerRangeBar } from "./explorer-filter-bar";
import { useVenueExplorer, type ExplorerProps } from "./use-venue-explorer";
import { VenueList } from "./venue-list";
import { VenueMapPanel } from "./venue-map-panel";

export type { ExplorerProps } from "./use-venue-explorer";

/**
 * The venue explorer (spec section 4): filters with counts, city selector, notifications toggle,
 * radius, transport mode, temperature, a Leaflet map loaded after the first paint, and the card grid.
 * Server-rendered with the default city, so it lists venues without JavaScript too; in the browser it
 * runs as a small island (explorer-island.client.tsx), not through the page's framework.
 *
 * On a phone: the filters in one row, the map right below them, then how far and how, then the cards
 * flowing in the page. From lg up: the map on the left, the range controls and the cards on the right.
 */
export function VenueExplorer({ mapBoot = null, ...props }: ExplorerProps & { mapBoot?: MapBoot | null }) {
  const state = useVenueExplorer(props);
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <ExplorerFilterBar state={state} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <VenueMapPanel state={state} mapBoot={mapBoot} className="h-72 sm:h-80 lg:row-span-2 lg:h-auto lg:min-h-[720px]" />
        <ExplorerRangeBar state={state} />
        <VenueList state={state} />
      </div>
    </div>
  );
}
