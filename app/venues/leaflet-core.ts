/**
 * Leaflet's map core for the venue map (see ./leaflet-lite.ts): the map with its handlers and controls,
 * layer groups and the tile layer. A module of its own so the map's boot (./map-boot.ts) can load and run
 * it in one task and the rest (pins, circles, tooltips, clustering) in the next: Leaflet's code runs as
 * two short tasks instead of one long one.
 *
 * The handlers register themselves on Map when imported (as in Leaflet's bundle): dragging, keyboard,
 * scroll-wheel, double-click, box and touch zoom. The zoom and attribution controls are added apart.
 */
import type * as Leaflet from "leaflet";
import { createMap } from "leaflet/src/map/Map.js";
import "leaflet/src/map/handler/Map.Drag.js";
import "leaflet/src/map/handler/Map.Keyboard.js";
import "leaflet/src/map/handler/Map.ScrollWheelZoom.js";
import "leaflet/src/map/handler/Map.DoubleClickZoom.js";
import "leaflet/src/map/handler/Map.BoxZoom.js";
import "leaflet/src/map/handler/Map.TouchZoom.js";
import { zoom as createZoomControl } from "leaflet/src/control/Control.Zoom.js";
import { attribution as createAttributionControl } from "leaflet/src/control/Control.Attribution.js";
import { layerGroup as createLayerGroup } from "leaflet/src/layer/LayerGroup.js";
import { tileLayer as createTileLayer } from "leaflet/src/layer/tile/TileLayer.js";
import { toLatLng } from "leaflet/src/geo/LatLng.js";

export const map: typeof Leaflet.map = createMap;
export const layerGroup: typeof Leaflet.layerGroup = createLayerGroup;
export const tileLayer: typeof Leaflet.tileLayer = createTileLayer;
export const latLng: typeof Leaflet.latLng = toLatLng;
export const zoomControl: typeof Leaflet.control.zoom = createZoomControl;
export const attributionControl: typeof Leaflet.control.attribution = createAttributionControl;
