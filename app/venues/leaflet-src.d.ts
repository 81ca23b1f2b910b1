// Leaflet's ES module sources (node_modules/leaflet/src), imported piece by piece by ./leaflet-lite.ts;
// their types are @types/leaflet's, applied there.
declare module "leaflet/src/*";
