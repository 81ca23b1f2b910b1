import { CalendarDays, Clock, ExternalLink, Info, MapPin, Star, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatDistance, formatTravel, type TransportMode, type VenueView } from "~/venues/rules";
import { VENUE_TYPE_LABELS } from "~/venues/venue";
import { VenueActions } from "./venue-card";

/** The selected venue: address, rating, hours, price, happy-hour deals, Call, Directions and Details. */
export function VenueDetail({ view, mode, onClose }: { view: VenueView; mode: TransportMode; onClose: () => void }) {
  const { venue } = view;
  const [details, setDetails] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [venue.id]);
  return (
    <section
      aria-labelledby="venue-detail-name"
      data-testid="venue-detail"
      className="fixed inset-x-2 bottom-2 z-50 max-h-[75dvh] overflow-y-auto rounded-2xl border border-brand-200 bg-white p-5 shadow-xl lg:absolute lg:inset-0 lg:z-10 lg:max-h-none"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-bold uppercase tracking-wider text-brand-700">{VENUE_TYPE_LABELS[venue.type]}</p>
          <h3 id="venue-detail-name" ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight">
            {venue.name}
          </h3>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close venue details"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <dl className="mt-4 grid gap-3 text-sm">
        <Row icon={<MapPin aria-hidden="true" className="size-4" />} term="Address">
          {venue.address}
          <span className="block text-slate-600">
            {formatDistance(view.distance)} · {formatTravel(view.travelMinutes, mode)}
          </span>
        </Row>
        <Row icon={<Star aria-hidden="true" className="size-4" />} term="Rating">
          {venue.rating.toFixed(1)} out of 5
        </Row>
        <Row icon={<Clock aria-hidden="true" className="size-4" />} term="Hours">
          Open until {venue.openUntil}
        </Row>
        <Row
          icon={
            <span aria-hidden="true" className="w-4 text-center font-bold">
              $
            </span>
          }
          term="Price"
        >
          {venue.priceLevel}
        </Row>
        {venue.happyHour ? (
          <Row icon={<CalendarDays aria-hidden="true" className="size-4" />} term="Happy hour">
            <span className="font-medium">
              {venue.happyHour.times} · {venue.happyHour.days.join(", ")}
            </span>
            {venue.happyHour.deals.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {venue.happyHour.deals.map((deal) => (
                  <li key={deal}>{deal}</li>
                ))}
              </ul>
            ) : null}
          </Row>
        ) : null}
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        <VenueActions venue={venue} mode={mode} />
        <button
          type="button"
          className="btn btn-secondary min-h-10 flex-1 px-3"
          aria-expanded={details}
          aria-controls="venue-detail-more"
          onClick={() => setDetails((d) => !d)}
        >
          <Info aria-hidden="true" className="size-4" />
          Details
        </button>
      </div>
      {details ? (
        <div id="venue-detail-more" className="mt-4 rounded-xl bg-slate-50 p-4 text-sm">
          <h4 className="font-semibold">All features</h4>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {venue.features.map((feature) => (
              <li key={feature} className="rounded-full bg-white px-2.5 py-0.5 text-slate-800 ring-1 ring-slate-200">
                {feature}
              </li>
            ))}
          </ul>
          <p className="mt-3">
            {venue.upcomingEvents === 1 ? "1 upcoming event" : `${venue.upcomingEvents} upcoming events`} · {venue.activeUsers} people here
            now
          </p>
          {venue.website ? (
            <p className="mt-2">
              <a
                href={venue.website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-800 underline"
              >
                Visit website <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </p>
          ) : (
            <p className="mt-2 text-slate-700">No website listed.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

function Row({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  // dt and dd stay direct children of the group div (what a definition list allows); the icon sits in the dt.
  return (
    <div className="relative pl-7">
      <dt className="font-semibold text-slate-900">
        <span className="absolute left-0 top-0.5 text-brand-700">{icon}</span>
        {term}
      </dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}
