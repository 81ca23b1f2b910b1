import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  buildExplorerView,
  checkInNotification,
  distanceMiles,
  DEFAULT_SETTINGS,
  GEOLOCATION_OPTIONS,
  nearbyVenueIds,
  NEARBY_RECHECK_MS,
  nearestCity,
  nextCheckIn,
  type MapSettings,
  type VenueFilter,
} from "~/venues/rules";
import { CITIES, CITY_INFO, DEFAULT_CITY, type City, type LatLng, type Venue } from "~/venues/venue";
import { FALLBACK_CENTRE, type ExplorerProps } from "~/venues/map-state";
import type { Weather } from "~/venues/weather";

export type { ExplorerProps } from "~/venues/map-state";

/** Follow the visitor only when they are in (or near) one of the demo cities. */
const FOLLOW_WITHIN_MILES = 30;
const CENTRES = Object.fromEntries(CITIES.map((c) => [c, CITY_INFO[c].centre])) as Record<City, LatLng>;

type LocationStatus = "initial" | "locating" | "tracking" | "denied" | "unavailable";

/**
 * The explorer's state (spec section 4): the chosen city's venues and weather (fetched when another city
 * is chosen), filter and settings, the visitor's position and what follows from it (Nearby, check-in,
 * the centre distances are measured from), the selected and hovered venue, and the sentence that says
 * where distances are measured from.
 */
export function useVenueExplorer({ city: initialCity, venues: initialVenues, weather: initialWeather }: ExplorerProps) {
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
    () =>
      buildExplorerView(venues ?? [], {
        origin,
        radius: settings.radius,
        filter,
        transportMode: settings.transportMode,
        weather,
        nearbyIds,
      }),
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

  // Asking for the position: at once only when the visitor has already allowed it (the Permissions API
  // says "granted"); otherwise not before they press My Location, so the browser never prompts on load.
  // Each press without a position asks again (0: not asked yet).
  const [locateRequest, setLocateRequest] = useState(0);
  useEffect(() => {
    if (!("geolocation" in navigator)) {
      setStatus("unavailable");
      return;
    }
    let cancelled = false;
    let permission: PermissionStatus | null = null;
    const onChange = () => {
      if (permission?.state === "granted") setLocateRequest((n) => n || 1);
    };
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((result) => {
        if (cancelled) return;
        permission = result;
        if (result.state === "granted") setLocateRequest((n) => n || 1);
        else if (result.state === "denied") {
          // Refused before (browser or site settings): the same as a refusal now, logged only and said in words.
          console.info("Location unavailable: permission denied");
          setStatus((current) => (current === "initial" ? "denied" : current));
        }
        // Allowed later in the browser's settings: start then.
        result.addEventListener("change", onChange);
      })
      .catch(() => {
        // No Permissions API for geolocation here: wait for My Location.
      });
    return () => {
      cancelled = true;
      permission?.removeEventListener("change", onChange);
    };
  }, []);

  useEffect(() => {
    if (locateRequest === 0 || !("geolocation" in navigator)) return;
    setStatus((s) => (s === "tracking" ? s : "locating"));
    if (!settings.autoUpdate) {
      navigator.geolocation.getCurrentPosition(applyPosition, positionError, GEOLOCATION_OPTIONS);
      return;
    }
    const watch = navigator.geolocation.watchPosition(applyPosition, positionError, GEOLOCATION_OPTIONS);
    return () => navigator.geolocation.clearWatch(watch);
  }, [locateRequest, settings.autoUpdate, applyPosition, positionError]);

  // Nearby: from the visitor (or the default centre without a position), at once and every 30 s.
  const nearbyFrom = useRef<LatLng>(FALLBACK_CENTRE);
  nearbyFrom.current = visitor ?? FALLBACK_CENTRE;
  const venuesRef = useRef(allVenues);
  venuesRef.current = allVenues;
  const hasVisitor = visitor !== null;
  useEffect(() => {
    // The same set when nothing changed: no new render of every card.
    const recheck = () =>
      setNearbyIds((current) => {
        const next = nearbyVenueIds(venuesRef.current, nearbyFrom.current);
        return next.size === current.size && [...next].every((id) => current.has(id)) ? current : next;
      });
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
    setNotice(
      permission === "granted"
        ? "You will get a welcome notification when you check in at a venue."
        : "Notifications are blocked in this browser's settings, so none will be shown.",
    );
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
    // Starts (or restarts, after a refusal) the watch or the single read above, from this press on.
    setLocateRequest((n) => n + 1);
  }

  function chooseCity(next: City) {
    setCity(next);
    setSelectedId(null);
    // Viewing another city measures from its centre; My Location comes back to the visitor.
    const visitorCity = visitor ? nearestCity(visitor, CENTRES) : null;
    setFollowing(visitorCity === next && visitor !== null && distanceMiles(visitor, CENTRES[next]) <= FOLLOW_WITHIN_MILES);
  }

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

  return {
    city,
    venues,
    weather,
    view,
    selected,
    selectedId,
    setSelectedId,
    hoveredId,
    setHoveredId,
    filter,
    setFilter,
    settings,
    setSettings,
    visitor,
    origin,
    checkedIn,
    notice,
    loadError,
    whereText,
    toggleNotifications,
    myLocation,
    chooseCity,
  };
}

export type VenueExplorerState = ReturnType<typeof useVenueExplorer>;
