import { Clock, Navigation, Phone, Sparkles, Star, Users } from "lucide-react";
import {
  directionsUrl,
  formatDistance,
  formatTravel,
  MAX_CARD_FEATURES,
  telHref,
  type TransportMode,
  type VenueView,
} from "~/venues/rules";
import { VENUE_TYPE_LABELS } from "~/venues/venue";
import { VenueImage } from "./venue-image";

/** One venue in the grid, with every field the spec lists for a card. */
export function VenueCard({
  view,
  mode,
  selected,
  highlighted,
  onSelect,
  onHover,
}: {
  view: VenueView;
  mode: TransportMode;
  selected: boolean;
  highlighted: boolean;
  onSelect: () => void;
  onHover: (on: boolean) => void;
}) {
  const { venue } = view;
  const headingId = `venue-${venue.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-venue-id={venue.id}
      onMouseEnter={() => onHover(true)}
      onMouseLeave={() => onHover(false)}
      className={`flex shrink-0 flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow ${
        selected ? "border-brand-700 ring-2 ring-brand-700" : highlighted ? "border-amber-500 ring-2 ring-amber-400" : "border-slate-200"
      }`}
    >
      <div className="relative">
        <VenueImage src={venue.image} name={venue.name} type={venue.type} className="h-32 w-full" />
        <div className="absolute inset-x-2 top-2 flex flex-wrap gap-1.5">
          <span className="rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-900 shadow">
            {VENUE_TYPE_LABELS[venue.type]}
          </span>
          {view.recommended ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-amber-950 shadow">
              <Sparkles aria-hidden="true" className="size-3" />
              Recommended
            </span>
          ) : null}
          {view.nearby ? (
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white shadow">Nearby</span>
          ) : null}
        </div>
        <span className="absolute bottom-2 right-2 inline-flex items-center gap-1 rounded-full bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white">
          <Users aria-hidden="true" className="size-3" />
          {venue.activeUsers} here now
        </span>
      </div>
      <div className="flex flex-col gap-1.5 p-3 text-sm">
        <h3 id={headingId} className="text-base font-bold leading-snug">
          <button type="button" onClick={onSelect} aria-pressed={selected} className="text-left hover:text-brand-800 hover:underline">
            {venue.name}
          </button>
        </h3>
        <p className="text-slate-700">
          {formatDistance(view.distance)} · {formatTravel(view.travelMinutes, mode)}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-3.5 fill-amber-500 text-amber-600" />
            <span>
              {venue.rating.toFixed(1)}
              <span className="sr-only"> out of 5</span>
            </span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3.5" />
            Open until {venue.openUntil}
          </span>
          <span>
            <span className="sr-only">Price level </span>
            {venue.priceLevel}
          </span>
        </p>
        {venue.happyHour ? <p className="font-medium text-emerald-800">Happy hour {venue.happyHour.times}</p> : null}
        {venue.features.length > 0 ? (
          <ul aria-label="Features" className="flex flex-wrap gap-1">
            {venue.features.slice(0, MAX_CARD_FEATURES).map((feature) => (
              <li key={feature} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2 pt-2">
          <VenueActions venue={venue} mode={mode} />
        </div>
      </div>
    </article>
  );
}

/** Call (a tel: link) and Directions (the external maps service, in the chosen mode, new tab). */
export function VenueActions({ venue, mode }: { venue: VenueView["venue"]; mode: TransportMode }) {
  return (
    <>
      <a href={telHref(venue.phone)} className="btn btn-secondary min-h-10 flex-1 px-3" aria-label={`Call ${venue.name}`}>
        <Phone aria-hidden="true" className="size-4" />
        Call
      </a>
      <a
        href={directionsUrl(venue, mode)}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-primary min-h-10 flex-1 px-3"
        aria-label={`Directions to ${venue.name} (opens in a new tab)`}
      >
        <Navigation aria-hidden="true" className="size-4" />
        Directions
      </a>
    </>
  );
}
