import { useEffect, useMemo, useRef, useState } from "react";
import type { VenueMapController } from "~/venues/map.client";
import type { VenueExplorerState } from "./use-venue-explorer";

/**
 * The explorer's Leaflet map: its code is fetched after the first paint, then it follows the shown venues,
 * the radius around the centre, the visitor, and the selected and hovered venue (both ways).
 */
export function VenueMapPanel({ state, tiles, className = "" }: { state: VenueExplorerState; tiles: { url: string; attribution: string }; className?: string }) {
  const { view, origin, settings, visitor, selectedId, hoveredId, setSelectedId, setHoveredId } = state;
  const mapElement = useRef<HTMLDivElement>(null);
  const mapRef = useRef<VenueMapController | null>(null);
  const [mapReady, setMapReady] = useState(false);
  const [mapFailed, setMapFailed] = useState(false);
  const [mapStarted, setMapStarted] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setMapStarted(true);
    let controller: VenueMapController | null = null;
    const start = () => {
      import("~/venues/map.client")
        .then(({ createVenueMap }) => {
          if (cancelled || !mapElement.current) return;
          controller = createVenueMap(mapElement.current, {
            tileUrl: tiles.url,
            attribution: tiles.attribution,
            onSelect: (id) => setSelectedId(id),
            onHover: (id) => setHoveredId(id),
          });
          mapRef.current = controller;
          setMapReady(true);
        })
        .catch(() => !cancelled && setMapFailed(true));
    };
    // Two frames: the page has painted before the map's code is fetched.
    const frame = requestAnimationFrame(() => requestAnimationFrame(start));
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      controller?.destroy();
      mapRef.current = null;
    };
  }, [tiles.url, tiles.attribution, setSelectedId, setHoveredId]);

  const mapVenues = useMemo(() => view.shown.map(({ venue }) => ({ id: venue.id, name: venue.name, lat: venue.lat, lng: venue.lng, type: venue.type })), [view.shown]);
  useEffect(() => {
    mapRef.current?.update({ venues: mapVenues, origin, radiusMiles: settings.radius, visitor, selectedId, hoveredId });
  }, [mapReady, mapVenues, origin, settings.radius, visitor, selectedId, hoveredId]);

  return (
    <div className={`relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 ${className}`}>
      <div ref={mapElement} role="region" aria-label="Venue map" data-testid="venue-map" className="h-full w-full" />
      {!mapReady ? (
        <p className="pointer-events-none absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-700">
          {/* The server says nothing here; <noscript> covers no JavaScript. */}
          {mapFailed ? "The map could not be loaded; the venue list works without it." : mapStarted ? "Loading the map…" : null}
          <noscript>The map needs JavaScript; every venue in range is listed beside it.</noscript>
        </p>
      ) : null}
    </div>
  );
}
