/**
 * The parts of Leaflet the venue map uses, taken from Leaflet's own ES module sources instead of its
 * whole bundle: no GeoJSON, image and video overlays, popups, layers and scale controls, polylines or
 * other projections. Less to parse and run when the map starts, which happens on the page's main thread
 * at load (Lighthouse counts it). The map core is ./leaflet-core.ts; here, what draws on it: markers with
 * HTML icons, circles (SVG, or canvas when asked) and tooltips. Types come from @types/leaflet.
 */
import type * as Leaflet from "leaflet";
import { marker as createMarker } from "leaflet/src/layer/marker/Marker.js";
import { divIcon as createDivIcon } from "leaflet/src/layer/marker/DivIcon.js";
import { circle as createCircle } from "leaflet/src/layer/vector/Circle.js";
import { circleMarker as createCircleMarker } from "leaflet/src/layer/vector/CircleMarker.js";
import "leaflet/src/layer/vector/Renderer.getRenderer.js";
import "leaflet/src/layer/Tooltip.js";

export { map, layerGroup, tileLayer, latLng, zoomControl, attributionControl } from "./leaflet-core";
export const marker: typeof Leaflet.marker = createMarker;
export const divIcon: typeof Leaflet.divIcon = createDivIcon;
export const circle: typeof Leaflet.circle = createCircle;
export const circleMarker: typeof Leaflet.circleMarker = createCircleMarker;
export type { LeafletKeyboardEvent, Marker } from "leaflet";
