// The venue explorer's components with Preact, fetched by the island (explorer-island.client.tsx) when
// the visitor first reaches for the explorer, or at once when location access was granted or refused.
import { hydrateRoot } from "react-dom/client";
import { VenueExplorer } from "./components/venue-explorer";
import type { MapBoot } from "./map-boot";
import type { ExplorerProps } from "./map-state";

/**
 * Hydrated, not rendered: preact/compat's createRoot().render empties the element first (as React does),
 * which threw the server's explorer away and built it again, images and all.
 */
export function hydrateExplorer(root: HTMLElement, props: ExplorerProps, mapBoot: MapBoot) {
  hydrateRoot(root, <VenueExplorer {...props} mapBoot={mapBoot} />);
}
