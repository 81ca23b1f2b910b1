// The venue map page's one script, loaded from /assets as a module script: the page is `hydrate: false`
// (no framework scripts), and this island runs the explorer over its server-rendered HTML with Preact
// in React's place (vite.config.ts aliases react for scripts built this way). The explorer's data
// travels in the page as JSON (a data block, which the CSP does not treat as script).
//
// What runs at load is only the map, in short steps after the first paint (~/venues/map-boot.ts): the
// server has already drawn the rest of the explorer as it first looks. The explorer is hydrated when
// the visitor first reaches for it (pointer, touch, keyboard focus, a click or an input in it, a pin
// chosen on the map), or at once when location access was already granted (it then tracks the visitor
// at once) or refused (it says so). Hydrating in the capture phase of that first event attaches the
// handlers before the event reaches its target, so the first press is not lost.
import { hydrateRoot } from "react-dom/client";
import { VenueExplorer, type ExplorerProps } from "./components/venue-explorer";
import { initialMapState } from "./components/use-venue-explorer";
import { EXPLORER_PROPS_ID, EXPLORER_ROOT_ID } from "./explorer-ids";
import { MapBoot } from "./map-boot";

const FIRST_USE = ["pointerdown", "touchstart", "mouseover", "focusin", "keydown", "click", "input", "change"] as const;

function start() {
  const root = document.getElementById(EXPLORER_ROOT_ID);
  const data = document.getElementById(EXPLORER_PROPS_ID)?.textContent;
  const mapElement = root?.querySelector<HTMLElement>('[data-testid="venue-map"]');
  if (!root || !data || !mapElement) return;
  const props = JSON.parse(data) as ExplorerProps;

  let hydrated = false;
  const hydrate = () => {
    if (hydrated) return;
    hydrated = true;
    for (const type of FIRST_USE) root.removeEventListener(type, hydrate, true);
    hydrateRoot(root, <VenueExplorer {...props} mapBoot={mapBoot} />);
  };
  const mapBoot = new MapBoot(mapElement, props.tiles, initialMapState(props), hydrate);
  for (const type of FIRST_USE) root.addEventListener(type, hydrate, { capture: true, passive: true });
  if (!("geolocation" in navigator)) {
    hydrate(); // no location at all: said in words at once, as a refusal is
  } else {
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((permission) => {
        if (permission.state !== "prompt") hydrate();
      })
      .catch(() => {});
  }
  void mapBoot.start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
