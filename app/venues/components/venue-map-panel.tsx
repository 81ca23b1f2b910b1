import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { MAP_NOTES, type MapBoot, type MapBootStatus } from "~/venues/map-boot";
import { toMapVenues } from "~/venues/map-state";
import type { VenueExplorerState } from "./use-venue-explorer";

/** The note an empty element would keep: Preact leaves what it did not render alone. */
const LEAFLET_OWNS_THIS = { __html: "" };

/**
 * The explorer's Leaflet map. The island script starts it (~/venues/map-boot.ts) after the first paint,
 * whether or not the explorer has been hydrated yet; once it is, this panel drives it: the shown venues,
 * the radius around the centre, the visitor, and the selected and hovered venue (both ways).
 */
export function VenueMapPanel({
  state,
  mapBoot,
  className = "",
}: {
  state: VenueExplorerState;
  mapBoot: MapBoot | null;
  className?: string;
}) {
  const { view, origin, settings, visitor, selectedId, hoveredId, setSelectedId, setHoveredId } = state;
  // The server renders no note ("idle"); in the browser the boot has kept the note in step until now.
  const [status, setStatus] = useState<MapBootStatus | "idle">(mapBoot?.status ?? "idle");
  useEffect(() => {
    if (!mapBoot) return;
    setStatus(mapBoot.status);
    return mapBoot.subscribe(setStatus);
  }, [mapBoot]);
  // A layout effect: connected in the same turn as hydration, before the click that caused it arrives.
  useLayoutEffect(() => {
    mapBoot?.connect({ onSelect: setSelectedId, onHover: setHoveredId });
  }, [mapBoot, setSelectedId, setHoveredId]);

  const mapVenues = useMemo(() => toMapVenues(view.shown), [view.shown]);
  useEffect(() => {
    mapBoot?.update({ venues: mapVenues, origin, radiusMiles: settings.radius, visitor, selectedId, hoveredId });
  }, [mapBoot, mapVenues, origin, settings.radius, visitor, selectedId, hoveredId]);

  const note = status === "idle" ? null : MAP_NOTES[status];
  return (
    <div className={`relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 ${className}`}>
      {/* Leaflet fills this element; hydration must not take its children for strays. */}
      <div
        role="region"
        aria-label="Venue map"
        data-testid="venue-map"
        className="h-full w-full"
        dangerouslySetInnerHTML={LEAFLET_OWNS_THIS}
      />
      {status !== "ready" ? (
        <p
          data-map-note=""
          className="pointer-events-none absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-700"
        >
          {/* The server says nothing here; <noscript> covers no JavaScript. */}
          {note}
          <noscript>The map needs JavaScript; every venue in range is listed beside it.</noscript>
        </p>
      ) : null}
    </div>
  );
}
