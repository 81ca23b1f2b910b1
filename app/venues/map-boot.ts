import { nextTurn } from "~/core/limits/next-turn";
import type { MapState, VenueMapController } from "./map.client";

export type MapBootStatus = "loading" | "ready" | "failed";
export type MapHandlers = { onSelect: (id: number) => void; onHover: (id: number | null) => void };

/** After the next paint: two frames, then a task. */
const afterPaint = async () => {
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  await nextTurn();
};

export const MAP_NOTES: Record<MapBootStatus, string | null> = {
  loading: "Loading the map…",
  ready: null,
  failed: "The map could not be loaded; the venue list works without it.",
};

/**
 * The explorer's Leaflet map, started by the island script as soon as the page has painted and before
 * (or without) the explorer being hydrated: the map is the one part of the explorer that the server
 * cannot draw. It starts in short steps (Leaflet's core, then the rest of the map's code, create the
 * map, set the view, add the controls, draw the radius and the pins, add the tiles), each its own
 * task, so no step holds the main thread long.
 *
 * The hydrated map panel then drives it: it connects the handlers a pin calls when chosen or hovered,
 * and passes every later state. Until then the boot says in the panel's note how the map is doing,
 * and a pin chosen before the explorer runs is kept and handed over.
 */
export class MapBoot {
  status: MapBootStatus = "loading";
  private controller: VenueMapController | null = null;
  private state: MapState;
  private handlers: MapHandlers | null = null;
  private chosenEarly: number | null = null;
  private readonly listeners = new Set<(status: MapBootStatus) => void>();
  private destroyed = false;

  constructor(
    private readonly element: HTMLElement,
    private readonly tiles: { url: string; attribution: string },
    initial: MapState,
    /** Called when a pin is chosen before the panel connected its handlers (to start the explorer). */
    private readonly onEarlyChoice: () => void = () => {},
  ) {
    this.state = initial;
  }

  async start() {
    this.note();
    try {
      await afterPaint();
      await import("./leaflet-core");
      await nextTurn();
      const { createVenueMap } = await import("./map.client");
      if (this.destroyed) return;
      await nextTurn();
      const controller = createVenueMap(this.element, {
        tileUrl: this.tiles.url,
        attribution: this.tiles.attribution,
        onSelect: (id) => {
          if (this.handlers) return this.handlers.onSelect(id);
          this.chosenEarly = id;
          this.onEarlyChoice();
        },
        onHover: (id) => this.handlers?.onHover(id),
      });
      await nextTurn();
      if (this.destroyed) return controller.destroy();
      controller.frame(this.state);
      await nextTurn();
      if (this.destroyed) return controller.destroy();
      controller.showControls();
      await nextTurn();
      if (this.destroyed) return controller.destroy();
      controller.update(this.state);
      this.controller = controller;
      await nextTurn();
      if (this.destroyed) return;
      controller.showTiles();
      this.setStatus("ready");
    } catch (error) {
      console.warn("The map could not be loaded:", error);
      this.setStatus("failed");
    }
  }

  /** The panel's handlers; a pin chosen before they were connected is chosen now. */
  connect(handlers: MapHandlers) {
    this.handlers = handlers;
    if (this.chosenEarly !== null) {
      handlers.onSelect(this.chosenEarly);
      this.chosenEarly = null;
    }
  }

  update(state: MapState) {
    this.state = state;
    this.controller?.update(state);
  }

  subscribe(listener: (status: MapBootStatus) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  destroy() {
    this.destroyed = true;
    this.controller?.destroy();
    this.controller = null;
  }

  private setStatus(status: MapBootStatus) {
    this.status = status;
    this.note();
    for (const listener of this.listeners) listener(status);
  }

  /**
   * Before the explorer is hydrated, the boot keeps the panel's note as the panel would render it
   * (its text, or no note once the map is there), so that hydration finds what it expects.
   */
  private note() {
    if (this.handlers) return;
    const note = this.element.parentElement?.querySelector<HTMLElement>("[data-map-note]");
    if (!note) return;
    const text = MAP_NOTES[this.status];
    if (text === null) return note.remove();
    const first = note.firstChild;
    if (first?.nodeType === Node.TEXT_NODE) first.nodeValue = text;
    else note.insertBefore(document.createTextNode(text), first);
  }
}
