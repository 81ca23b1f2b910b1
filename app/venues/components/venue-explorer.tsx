import { Bell, BellOff, CheckCircle2, Crosshair, Thermometer } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  buildExplorerView,
  checkInNotification,
  clampRadius,
  distanceMiles,
  DEFAULT_SETTINGS,
  GEOLOCATION_OPTIONS,
  nearbyVenueIds,
  NEARBY_RECHECK_MS,
  nearestCity,
  nextCheckIn,
  RADIUS,
  TRANSPORT_LABELS,
  TRANSPORT_MODES,
  VENUE_FILTER_LABELS,
  VENUE_FILTERS,
  type MapSettings,
  type VenueFilter,
} from "~/venues/rules";
import { CITIES, CITY_INFO, DEFAULT_CITY, isCity, type City, type LatLng, type Venue } from "~/venues/venue";
import type { Weather } from "~/venues/weather";
import type { VenueMapController } from "~/venues/map.client";
import { CityOptions } from "./city-options";
import { VenueCard } from "./venue-card";
import { VenueDetail } from "./venue-detail";

export type ExplorerProps = {
  city: City;
  venues: Venue[];
  weather: Weather | null;
  tiles: { url: string; attribution: string };
};

/** Follow the visitor only when they are in (or near) one of the demo cities. */
const FOLLOW_WITHIN_MILES = 30;
const CENTRES = Object.fromEntries(CITIES.map((c) => [c, CITY_INFO[c].centre])) as Record<City, LatLng>;
const FALLBACK_CENTRE = CITY_INFO[DEFAULT_CITY].centre;

type LocationStatus = "initial" | "locating" | "tracking" | "denied" | "unavailable";

/**
 * The venue explorer (spec section 4): filters with counts, city selector, notifications toggle,
 * radius, transport mode, temperature, a Leaflet map loaded after the first paint, and the card grid.
 * Server-rendered with the default city, so it lists venues without JavaScript too.
 */
export function VenueExplorer({ city: initialCity, venues: initialVenues, weather: initialWeather, tiles }: ExplorerProps) {
  const [city, setCity] = useState<City>(initialCity);
  const [venuesByCity, setVenuesByCity] = useState<Partial<Record<City, Venue[]>>>({ [initialCity]: initialVenues });
  const [weatherByCity, setWeatherByCity] = useState<Partial<Record<City, Weather | null>>>({ [initialCity]: initialWeather });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState<VenueFilter>("all");
  const [settings, setSettings] = useState<MapSettings>(DEFAULT_SETTINGS);
  const [visitor, setVisitor] = useState<LatLng | null>(null);
  const [status, setStatus] = useState<LocationStatus>("initial");
  const [following, setFollowing] = useState(false);
  const [nearbyIds, setNearbyIds] = useState<ReadonlySet<number>>(() => nearbyVenueIds(initialVenues, FALLBACK_CENTRE));
  const [checkedIn, setCheckedIn] = useState<Venue | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const venues = venuesByCity[city];
  const weather = weatherByCity[city] ?? null;
  const origin = following && visitor ? visitor : CITY_INFO[city].centre;
  const allVenues = useMemo(() => Object.values(venuesByCity).flat(), [venuesByCity]);

  const view = useMemo(
    () => buildExplorerView(venues ?? [], { origin, radius: settings.radius, filter, transportMode: settings.transportMode, weather, nearbyIds }),
    [venues, origin, settings.radius, filter, settings.transportMode, weather, nearbyIds],
  );
  const selected = view.shown.find((v) => v.venue.id === selectedId) ?? null;

  // ---- data for the chosen city -----------------------------------------------------------
  useEffect(() => {
    if (venuesByCity[city]) return;
    let cancelled = false;
    setLoadError(null);
    fetch(`/api/venues?city=${city}`, { credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
        const list = (await response.json()) as Venue[];
        if (!cancelled) setVenuesByCity((all) => ({ ...all, [city]: list }));
      })
      .catch(() => {
        if (!cancelled) setLoadError(`Venues for ${CITY_INFO[city].name} could not be loaded. Please try again.`);
      });
    return () => {
      cancelled = true;
    };
  }, [city, venuesByCity]);

  useEffect(() => {
    if (city in weatherByCity) return;
    let cancelled = false;
    fetch(`/api/weather?city=${city}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { weather: Weather };
        if (!cancelled) setWeatherByCity((all) => ({ ...all, [city]: body.weather }));
      })
      .catch(() => {
        // The spec: a weather failure is logged only.
        console.warn("Weather data unavailable");
        if (!cancelled) setWeatherByCity((all) => ({ ...all, [city]: null }));
      });
    return () => {
      cancelled = true;
    };
  }, [city, weatherByCity]);

  // ---- location -------------------------------------------------------------------------------
  const firstFix = useRef(true);
  const applyPosition = useCallback((position: GeolocationPosition) => {
    const here = { lat: position.coords.latitude, lng: position.coords.longitude };
    setVisitor(here);
    setStatus("tracking");
    if (!firstFix.current) return;
    firstFix.current = false;
    // First fix: follow the visitor into their city if they are in one.
    const nearest = nearestCity(here, CENTRES);
    if (distanceMiles(here, CENTRES[nearest]) > FOLLOW_WITHIN_MILES) return setFollowing(false);
    setCity(nearest);
    setFollowing(true);
  }, []);
  const positionError = useCallback((error: GeolocationPositionError) => {
    // The spec: a denied location is logged only and the default centre used (and here, said in words).
    console.info("Location unavailable:", error.message);
    setStatus((current) => (current === "tracking" ? current : error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"));
  }, []);

  useEffect(() => {
    if (!("geolocation" in navigator)) {
      setStatus("unavailable");
      return;
    }
    setStatus((s) => (s === "initial" ? "locating" : s));
    if (!settings.autoUpdate) {
      navigator.geolocation.getCurrentPosition(applyPosition, positionError, GEOLOCATION_OPTIONS);
      return;
    }
    const watch = navigator.geolocation.watchPosition(applyPosition, positionError, GEOLOCATION_OPTIONS);
    return () => navigator.geolocation.clearWatch(watch);
  }, [settings.autoUpdate, applyPosition, positionError]);

  // Nearby: from the visitor (or the default centre without a position), at once and every 30 s.
  const nearbyFrom = useRef<LatLng>(FALLBACK_CENTRE);
  nearbyFrom.current = visitor ?? FALLBACK_CENTRE;
  const venuesRef = useRef(allVenues);
  venuesRef.current = allVenues;
  const hasVisitor = visitor !== null;
  useEffect(() => {
    const recheck = () => setNearbyIds(nearbyVenueIds(venuesRef.current, nearbyFrom.current));
    recheck();
    const timer = setInterval(recheck, NEARBY_RECHECK_MS);
    return () => clearInterval(timer);
  }, [hasVisitor, allVenues]);

  // Check-in: the first venue the visitor comes within 0.06 miles of; never cleared.
  const notificationsOn = useRef(settings.notifications);
  notificationsOn.current = settings.notifications;
  useEffect(() => {
    if (checkedIn || !visitor) return;
    const venue = nextCheckIn(null, allVenues, visitor);
    if (!venue) return;
    setCheckedIn(venue);
    if (notificationsOn.current && "Notification" in window && Notification.permission === "granted") {
      const { title, body } = checkInNotification(venue);
      new Notification(title, { body });
    }
  }, [visitor, allVenues, checkedIn]);

  async function toggleNotifications() {
    if (settings.notifications) {
      setSettings((s) => ({ ...s, notifications: false }));
      setNotice(null);
      return;
    }
    setSettings((s) => ({ ...s, notifications: true }));
    if (!("Notification" in window)) {
      setNotice("This browser cannot show notifications.");
      return;
    }
    const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
    setNotice(permission === "granted" ? "You will get a welcome notification when you check in at a venue." : "Notifications are blocked in this browser's settings, so none will be shown.");
  }

  function myLocation() {
    if (visitor) {
      const nearest = nearestCity(visitor, CENTRES);
      if (distanceMiles(visitor, CENTRES[nearest]) <= FOLLOW_WITHIN_MILES) {
        setCity(nearest);
        setFollowing(true);
      } else {
        setNotice("You are outside our five demo cities, so the map stays on the city you chose.");
      }
      return;
    }
    if (!("geolocation" in navigator)) return setStatus("unavailable");
    setStatus("locating");
    setFollowing(true);
    navigator.geolocation.getCurrentPosition(applyPosition, positionError, GEOLOCATION_OPTIONS);
  }

  function chooseCity(next: City) {
    setCity(next);
    setSelectedId(null);
    // Viewing another city measures from its centre; My Location comes back to the visitor.
    const visitorCity = visitor ? nearestCity(visitor, CENTRES) : null;
    setFollowing(visitorCity === next && visitor !== null && distanceMiles(visitor, CENTRES[next]) <= FOLLOW_WITHIN_MILES);
  }

  // ---- the map, after the first paint -----------------------------------------------------------
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
  }, [tiles.url, tiles.attribution]);

  const mapVenues = useMemo(() => view.shown.map(({ venue }) => ({ id: venue.id, name: venue.name, lat: venue.lat, lng: venue.lng, type: venue.type })), [view.shown]);
  useEffect(() => {
    mapRef.current?.update({ venues: mapVenues, origin, radiusMiles: settings.radius, visitor, selectedId, hoveredId });
  }, [mapReady, mapVenues, origin, settings.radius, visitor, selectedId, hoveredId]);

  // A venue picked on the map scrolls its card into view.
  const gridRef = useRef<HTMLDivElement>(null);
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

  const area = CITY_INFO[city].area;
  const whereText =
    status === "denied"
      ? `Location access was denied, so distances are measured from ${area}${city === DEFAULT_CITY ? ", the default centre" : ""}.`
      : status === "unavailable"
        ? `Your location is unavailable, so distances are measured from ${area}${city === DEFAULT_CITY ? ", the default centre" : ""}.`
        : following && visitor
          ? "Distances are measured from your location."
          : status === "locating"
            ? `Finding your location… Meanwhile distances are measured from ${area}.`
            : `Distances are measured from ${area}.`;

  const count = view.shown.length;
  const radiusLabel = `${settings.radius} ${settings.radius === 1 ? "mile" : "miles"}`;

  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {/* Filters, city and notifications */}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div role="group" aria-label="Filter venues" className="flex flex-wrap gap-2">
          {VENUE_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${filter === f ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
            >
              {VENUE_FILTER_LABELS[f]} ({view.counts[f]})
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid gap-1 text-sm font-semibold">
            City
            <select
              value={city}
              onChange={(event) => isCity(event.target.value) && chooseCity(event.target.value)}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 font-normal"
            >
              <CityOptions />
            </select>
          </label>
          <button type="button" aria-pressed={settings.notifications} onClick={() => void toggleNotifications()} className="btn btn-secondary px-4">
            {settings.notifications ? <Bell aria-hidden="true" className="size-4" /> : <BellOff aria-hidden="true" className="size-4" />}
            Notifications: {settings.notifications ? "On" : "Off"}
          </button>
        </div>
      </div>

      {/* Header of the grid */}
      <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3 border-t border-slate-200 pt-4">
        <h2 className="text-lg font-bold" aria-live="polite">
          {venues ? `${count} ${count === 1 ? "venue" : "venues"} in ${CITY_INFO[city].name}` : `Loading venues in ${CITY_INFO[city].name}…`}
        </h2>
        {checkedIn ? (
          <span role="status" className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Checked in at {checkedIn.name}
          </span>
        ) : null}
        <button type="button" onClick={myLocation} className="btn btn-secondary px-4">
          <Crosshair aria-hidden="true" className="size-4" />
          My Location
        </button>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="venue-radius" className="font-semibold">
            Radius
          </label>
          <input
            id="venue-radius"
            type="range"
            min={RADIUS.min}
            max={RADIUS.max}
            step={RADIUS.step}
            value={settings.radius}
            aria-valuetext={radiusLabel}
            onChange={(event) => setSettings((s) => ({ ...s, radius: clampRadius(Number(event.target.value)) }))}
            className="h-11 w-36 accent-brand-700"
          />
          <output htmlFor="venue-radius" aria-live="polite" className="w-16 tabular-nums">
            {radiusLabel}
          </output>
        </div>
        <div role="group" aria-label="Travel mode" className="flex rounded-full border border-slate-300 p-0.5">
          {TRANSPORT_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={settings.transportMode === mode}
              onClick={() => setSettings((s) => ({ ...s, transportMode: mode }))}
              className={`min-h-10 rounded-full px-3 text-sm font-semibold ${settings.transportMode === mode ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100"}`}
            >
              {TRANSPORT_LABELS[mode].button}
            </button>
          ))}
        </div>
        <p className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800" data-testid="temperature">
          <Thermometer aria-hidden="true" className="size-4" />
          {weather ? (
            <span>
              {`${weather.temperature}°F`}
              <span className="font-normal text-slate-700">{weather.precipitation ? ", raining" : ", dry"}</span>
            </span>
          ) : (
            <span className="font-normal text-slate-700">Weather unavailable</span>
          )}
        </p>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-700" data-testid="location-status">
        {whereText}
      </p>
      {notice ? <p className="mt-1 text-sm text-slate-700">{notice}</p> : null}
      {loadError ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {loadError}
        </p>
      ) : null}

      {/* Map and cards */}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="relative h-80 overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 lg:h-[600px]">
          <div ref={mapElement} role="region" aria-label="Venue map" data-testid="venue-map" className="h-full w-full" />
          {!mapReady ? (
            <p className="pointer-events-none absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-700">
              {/* Server and first client render say nothing here, so hydration matches; <noscript> covers no JavaScript. */}
              {mapFailed ? "The map could not be loaded; the venue list works without it." : mapStarted ? "Loading the map…" : null}
              <noscript>The map needs JavaScript; every venue in range is listed beside it.</noscript>
            </p>
          ) : null}
        </div>
        <div className="relative h-[600px]">
          <div ref={gridRef} aria-label="Venues" role="region" tabIndex={0} className="grid h-full auto-rows-max content-start gap-3 overflow-y-auto rounded-2xl bg-slate-50 p-3 sm:grid-cols-2">
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
      </div>
    </div>
  );
}
