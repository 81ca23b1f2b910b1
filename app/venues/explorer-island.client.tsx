// The venue map page's one script, loaded from /assets as a module script: the page is `hydrate: false`
// (no framework scripts), and this island runs the explorer over its server-rendered HTML with Preact
// in React's place (vite.config.ts aliases react for scripts built this way). The explorer's data
// travels in the page as JSON (a data block, which the CSP does not treat as script).
//
// What runs at load is only this small script and the map, in short steps after the first paint
// (~/venues/map-boot.ts): the server has already drawn the rest of the explorer as it first looks. The
// explorer's components (explorer-hydrate.client.tsx) are fetched and hydrated when the visitor first
// reaches for it (pointer, touch, keyboard focus, a key, a click or an input in it, a pin chosen on
// the map), or at once when location access was already granted (it then tracks the visitor at once)
// or refused (it says so). A press on a button, or a change to the city or the radius, made while they
// load is replayed once they run, so the first use is not lost.
import { MapBoot } from "./map-boot";
import { initialMapState, type ExplorerProps } from "./map-state";
import { EXPLORER_PROPS_ID, EXPLORER_ROOT_ID } from "./explorer-ids";

const FIRST_USE = ["pointerdown", "touchstart", "mouseover", "focusin", "keydown", "click", "input", "change"] as const;

function start() {
  const root = document.getElementById(EXPLORER_ROOT_ID);
  const data = document.getElementById(EXPLORER_PROPS_ID)?.textContent;
  const mapElement = root?.querySelector<HTMLElement>('[data-testid="venue-map"]');
  if (!root || !data || !mapElement) return;
  const props = JSON.parse(data) as ExplorerProps;

  let loading: Promise<void> | null = null;
  // What to do again once the components run: button presses, and the fields changed meanwhile.
  const presses: HTMLButtonElement[] = [];
  const fields = new Set<Element>();
  const firstUse = (event?: Event) => {
    const target = event?.target instanceof Element ? event.target : null;
    if (event?.type === "click") {
      const button = target?.closest("button");
      if (button && root.contains(button)) presses.push(button);
    } else if ((event?.type === "input" || event?.type === "change") && target) {
      fields.add(target);
    }
    loading ??= import("./explorer-hydrate.client")
      .then(({ hydrateExplorer }) => {
        for (const type of FIRST_USE) root.removeEventListener(type, firstUse, true);
        hydrateExplorer(root, props, mapBoot);
        // Both events: a select's handler listens for change, a range's (preact/compat's onChange) for input.
        for (const field of fields) for (const type of ["input", "change"]) field.dispatchEvent(new Event(type, { bubbles: true }));
        for (const button of presses) button.click();
      })
      .catch((error: unknown) => console.warn("The venue explorer could not start:", error));
  };
  const mapBoot = new MapBoot(mapElement, props.tiles, initialMapState(props), () => firstUse());
  for (const type of FIRST_USE) root.addEventListener(type, firstUse, { capture: true, passive: true });
  if (!("geolocation" in navigator)) {
    firstUse(); // no location at all: said in words at once, as a refusal is
  } else {
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((permission) => {
        if (permission.state !== "prompt") firstUse();
      })
      .catch(() => {});
  }
  void mapBoot.start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
