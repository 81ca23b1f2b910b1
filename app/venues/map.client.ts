// Its styles (leaflet.css, ./map.css) are linked by the page (routes/_marketing/venue-map.tsx).
import * as L from "./leaflet-lite";
import Supercluster from "supercluster";
import type { LatLng, VenueType } from "./venue";

/**
 * The explorer's Leaflet map, loaded only on /venue-map after the first paint (a dynamic import).
 * Markers and clusters are HTML (divIcon), so they work when tiles cannot load.
 */

export type MapVenue = { id: number; name: string; lat: number; lng: number; type: VenueType };
export type MapState = {
  venues: MapVenue[];
  origin: LatLng;
  radiusMiles: number;
  visitor: LatLng | null;
  selectedId: number | null;
  hoveredId: number | null;
};
export type VenueMapOptions = {
  tileUrl: string;
  attribution: string;
  onSelect: (id: number) => void;
  onHover: (id: number | null) => void;
};
export type VenueMapController = {
  /** Sets the view on the radius alone (no pins, no circle yet): the first of the map's short start-up steps. */
  frame: (state: MapState) => void;
  update: (state: MapState) => void;
  /** Adds the zoom and attribution controls: a step of its own, as is each of these. */
  showControls: () => void;
  /** Adds the tile layer: a step of its own, so starting the map is several short tasks, not one long one. */
  showTiles: () => void;
  destroy: () => void;
};

const METRES_PER_MILE = 1609.344;

const samePoint = (a: LatLng | null, b: LatLng | null) => a === b || (a !== null && b !== null && a.lat === b.lat && a.lng === b.lng);
const sameVenues = (a: MapVenue[], b: MapVenue[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((v, i) => {
      const w = b[i]!;
      return v.id === w.id && v.lat === w.lat && v.lng === w.lng && v.type === w.type && v.name === w.name;
    }));
const sameState = (a: MapState, b: MapState) =>
  a.radiusMiles === b.radiusMiles &&
  a.selectedId === b.selectedId &&
  a.hoveredId === b.hoveredId &&
  samePoint(a.origin, b.origin) &&
  samePoint(a.visitor, b.visitor) &&
  sameVenues(a.venues, b.venues);

type PointProps = { id: number; name: string; type: VenueType };

export function createVenueMap(element: HTMLElement, options: VenueMapOptions): VenueMapController {
  // No fade: tiles show as they arrive, instead of a frame-by-frame opacity loop over every tile.
  // The controls come in a step of their own (showControls).
  const map = L.map(element, { zoomControl: false, attributionControl: false, keyboard: true, worldCopyJump: true, fadeAnimation: false });
  // detectRetina: on a high-density screen, tiles of the next zoom level at half their size (256 px
  // images in 128 CSS px), so the map is as sharp as the screen (Lighthouse: image-size-responsive).
  const tiles = L.tileLayer(options.tileUrl, { attribution: options.attribution, maxZoom: 19, crossOrigin: true, detectRetina: true });
  const markers = L.layerGroup().addTo(map);
  // Added once the map has a view (a circle needs one to draw).
  const radius = L.circle([0, 0], { radius: 1, color: "#6d28d9", weight: 1.5, fillOpacity: 0.06, interactive: false });
  const visitor = L.circleMarker([0, 0], { radius: 8, color: "#fff", weight: 3, fillColor: "#2563eb", fillOpacity: 1 });
  visitor.bindTooltip("You are here");
  const index = new Supercluster<PointProps>({ radius: 50, maxZoom: 17 });
  let state: MapState | null = null;
  let framedKey = "";
  const byId = new Map<number, L.Marker>();

  function pinIcon(venue: PointProps, s: MapState) {
    const classes = ["venue-pin", `venue-pin--${venue.type}`];
    if (venue.id === s.selectedId) classes.push("is-selected");
    if (venue.id === s.hoveredId) classes.push("is-highlighted");
    return L.divIcon({
      className: "venue-pin-wrap",
      html: `<span class="${classes.join(" ")}"></span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 28],
    });
  }

  function render() {
    if (!state) return;
    const s = state;
    // Keyboard focus on a pin survives the pins being drawn again: it moves to that venue's new pin.
    const focusedId = Number(document.activeElement?.closest(".leaflet-marker-icon")?.getAttribute("data-venue-id") ?? Number.NaN);
    markers.clearLayers();
    byId.clear();
    const bounds = map.getBounds();
    const zoom = Math.round(map.getZoom());
    const clusters = index.getClusters([bounds.getWest() - 1, bounds.getSouth() - 1, bounds.getEast() + 1, bounds.getNorth() + 1], zoom);
    for (const feature of clusters) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as PointProps & { cluster?: boolean; cluster_id?: number; point_count?: number };
      if (props.cluster && props.cluster_id !== undefined) {
        const clusterId = props.cluster_id;
        const count = props.point_count ?? 0;
        const marker = L.marker([lat, lng], {
          title: `${count} venues here: zoom in`,
          alt: `${count} venues`,
          icon: L.divIcon({ className: "venue-cluster-wrap", html: `<span class="venue-cluster">${count}</span>`, iconSize: [40, 40] }),
        });
        marker.on("click keypress", () => map.flyTo([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 18)));
        markers.addLayer(marker);
        continue;
      }
      const marker = L.marker([lat, lng], {
        title: `${props.name} (map pin)`,
        alt: props.name,
        icon: pinIcon(props, s),
        riseOnHover: true,
        zIndexOffset: props.id === s.selectedId ? 1000 : 0,
      });
      marker.on("click", () => options.onSelect(props.id));
      marker.on("keypress", (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === "Enter" || event.originalEvent.key === " ") options.onSelect(props.id);
      });
      marker.on("mouseover focus", () => options.onHover(props.id));
      marker.on("mouseout blur", () => options.onHover(null));
      const el = () => marker.getElement();
      marker.on("add", () => el()?.setAttribute("data-venue-id", String(props.id)));
      markers.addLayer(marker);
      byId.set(props.id, marker);
    }
    if (!Number.isNaN(focusedId)) byId.get(focusedId)?.getElement()?.focus({ preventScroll: true });
  }

  function restyle(s: MapState) {
    for (const [id, marker] of byId) {
      const pin = marker.getElement()?.querySelector(".venue-pin");
      pin?.classList.toggle("is-selected", id === s.selectedId);
      pin?.classList.toggle("is-highlighted", id === s.hoveredId);
      marker.setZIndexOffset(id === s.selectedId ? 1000 : 0);
    }
  }

  map.on("moveend zoomend", render);

  /** Frames the radius when where or how far changes; otherwise leaves the visitor's panning alone. */
  function frame(next: MapState) {
    const key = `${next.origin.lat.toFixed(4)},${next.origin.lng.toFixed(4)},${next.radiusMiles}`;
    if (key === framedKey) return;
    framedKey = key;
    map.fitBounds(L.latLng(next.origin.lat, next.origin.lng).toBounds(next.radiusMiles * METRES_PER_MILE * 2), {
      animate: false,
      padding: [8, 8],
    });
  }

  return {
    frame,
    update(next) {
      const previous = state;
      // The same map again (the explorer starting over the map the boot drew, say): nothing to redraw.
      if (previous && sameState(previous, next)) return;
      state = next;
      const metres = next.radiusMiles * METRES_PER_MILE;
      const venuesChanged = !previous || !sameVenues(previous.venues, next.venues);
      if (venuesChanged) {
        index.load(
          next.venues.map((v) => ({
            type: "Feature",
            geometry: { type: "Point", coordinates: [v.lng, v.lat] },
            properties: { id: v.id, name: v.name, type: v.type },
          })),
        );
      }
      frame(next);
      radius.setLatLng(next.origin).setRadius(metres).addTo(map);
      if (next.visitor) visitor.setLatLng(next.visitor).addTo(map);
      else visitor.remove();
      if (next.selectedId !== null && next.selectedId !== previous?.selectedId) {
        const venue = next.venues.find((v) => v.id === next.selectedId);
        if (venue && !map.getBounds().contains([venue.lat, venue.lng])) map.panTo([venue.lat, venue.lng]);
      }
      // Other pins, or the first ones: draw them. Another venue selected or hovered: restyle the pins
      // in place, so a pin that has keyboard focus keeps it.
      if (venuesChanged) render();
      else restyle(next);
    },
    showControls() {
      L.zoomControl().addTo(map);
      map.attributionControl = L.attributionControl().addTo(map);
    },
    showTiles() {
      tiles.addTo(map);
    },
    destroy() {
      map.remove();
    },
  };
}
