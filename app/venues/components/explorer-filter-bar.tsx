import { Bell, BellOff, CheckCircle2, Crosshair, Thermometer } from "lucide-react";
import { clampRadius, RADIUS, TRANSPORT_LABELS, TRANSPORT_MODES, VENUE_FILTER_LABELS, VENUE_FILTERS } from "~/venues/rules";
import { CITY_INFO, isCity } from "~/venues/venue";
import { CityOptions } from "./city-options";
import type { VenueExplorerState } from "./use-venue-explorer";

const chip = (on: boolean) =>
  `min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold ${on ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`;

/**
 * What narrows the venues: type filters with counts (one row that scrolls sideways on a phone, so the map
 * stays near the top), the city and the notifications toggle.
 */
export function ExplorerFilterBar({ state }: { state: VenueExplorerState }) {
  const { view, filter, setFilter, city, chooseCity, settings, toggleNotifications } = state;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 lg:gap-4">
      <div
        role="group"
        aria-label="Filter venues"
        className="-mx-4 flex w-[calc(100%+2rem)] gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:w-auto sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {VENUE_FILTERS.map((f) => (
          <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)} className={chip(filter === f)}>
            {VENUE_FILTER_LABELS[f]} ({view.counts[f]})
          </button>
        ))}
      </div>
      <div className="grid w-full grid-cols-2 items-end gap-3 sm:flex sm:w-auto sm:flex-wrap">
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
        <button
          type="button"
          aria-pressed={settings.notifications}
          onClick={() => void toggleNotifications()}
          className="btn btn-secondary px-3 sm:px-4"
        >
          {settings.notifications ? <Bell aria-hidden="true" className="size-4" /> : <BellOff aria-hidden="true" className="size-4" />}
          Notifications: {settings.notifications ? "On" : "Off"}
        </button>
      </div>
    </div>
  );
}

/** How far and how: the count heading, check-in, My Location, radius, travel mode, weather, and where distances start. */
export function ExplorerRangeBar({ state }: { state: VenueExplorerState }) {
  const { venues, view, city, checkedIn, myLocation, settings, setSettings, weather, whereText, notice, loadError } = state;
  const count = view.shown.length;
  const radiusLabel = `${settings.radius} ${settings.radius === 1 ? "mile" : "miles"}`;
  const cityName = CITY_INFO[city].name;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <h2 className="w-full text-lg font-bold sm:w-auto" aria-live="polite">
          {venues ? `${count} ${count === 1 ? "venue" : "venues"} in ${cityName}` : `Loading venues in ${cityName}…`}
        </h2>
        {checkedIn ? (
          <span
            role="status"
            className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900"
          >
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
            className="h-11 w-28 accent-brand-700 sm:w-36"
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
    </div>
  );
}
