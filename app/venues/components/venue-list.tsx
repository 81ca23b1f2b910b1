import { useEffect, useRef } from "react";
import { VenueCard } from "./venue-card";
import { VenueDetail } from "./venue-detail";
import type { VenueExplorerState } from "./use-venue-explorer";

/**
 * The venue cards, nearest first, and the selected venue's detail panel. On a phone the cards flow in
 * the page (no scroll box inside the scrolling page); beside the map, from lg up, they scroll in its height.
 */
export function VenueList({ state }: { state: VenueExplorerState }) {
  const { venues, view, settings, selected, selectedId, setSelectedId, hoveredId, setHoveredId } = state;
  const gridRef = useRef<HTMLDivElement>(null);

  // A venue picked on the map scrolls its card into view.
  useEffect(() => {
    if (selectedId === null) return;
    gridRef.current?.querySelector(`[data-venue-id="${selectedId}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);

  const closeDetail = () => {
    const id = selectedId;
    setSelectedId(null);
    // Focus goes back to the card that opened the panel.
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-venue-id="${id}"] h3 button`)?.focus());
  };

  const count = view.shown.length;
  const radiusLabel = `${settings.radius} ${settings.radius === 1 ? "mile" : "miles"}`;
  return (
    <div className="relative lg:h-[600px]">
      <div
        ref={gridRef}
        aria-label="Venues"
        role="region"
        className="grid auto-rows-max content-start gap-3 rounded-2xl bg-slate-50 p-3 sm:grid-cols-2 lg:h-full lg:overflow-y-auto"
        // Focusable only where it scrolls (beside the map), so the keyboard can scroll it there.
        tabIndex={0}
      >
        {venues && count === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700 sm:col-span-2">
            No venues match within {radiusLabel}. Try a larger radius or another filter.
          </p>
        ) : null}
        {view.shown.map((v) => (
          <VenueCard
            key={v.venue.id}
            view={v}
            mode={settings.transportMode}
            selected={v.venue.id === selectedId}
            highlighted={v.venue.id === hoveredId}
            onSelect={() => setSelectedId(v.venue.id)}
            onHover={(on) => setHoveredId(on ? v.venue.id : null)}
          />
        ))}
      </div>
      {selected ? <VenueDetail view={selected} mode={settings.transportMode} onClose={closeDetail} /> : null}
    </div>
  );
}
