// Venue explorer figures (part of `npm run bench`; also runs alone: node scripts/bench-venues.mjs).
// 1. One explorer update over 10,000 venues: distance, travel time, radius, filter counts, badges and
//    sorting (buildExplorerView), plus the Nearby set; median and p95 of 200 updates. Target < 3 ms.
// 2. The gzipped JavaScript /venue-map loads: its island script at load, the map's chunks (Leaflet's
//    parts, supercluster, the map code) that the island fetches after the first paint, and the
//    explorer's components it fetches on first use, from the build.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { runnerImport } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const load = async (file) =>
  (await runnerImport(path.join(root, file), { configFile: false, logLevel: "silent", root, resolve: { tsconfigPaths: true } })).module;
const rules = await load("app/venues/rules.ts");
const { CITY_INFO } = await load("app/venues/schema.ts");

// 10,000 venues spread over ~6 miles around Times Square, every type, a third with a happy hour.
const TYPES = ["bar", "restaurant", "club", "brewery", "rooftop", "lounge"];
const FEATURES = ["Indoor", "Outdoor Seating", "Live Music", "Craft Beer", "DJ", "Rooftop Views"];
const centre = CITY_INFO["new-york"].centre;
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const venues = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  city: "new-york",
  name: `Bench Venue ${i}`,
  address: `${i} Bench St`,
  lat: centre.lat + (random() - 0.5) * 0.17,
  lng: centre.lng + (random() - 0.5) * 0.22,
  type: TYPES[i % 6],
  rating: 3 + random() * 2,
  priceLevel: "$$",
  openUntil: "2:00 AM",
  happyHour: i % 3 === 0 ? { days: ["Friday"], times: "4:00 PM - 7:00 PM", deals: [] } : null,
  features: [FEATURES[i % 6], FEATURES[(i * 7) % 6]],
  phone: "(212) 555-0100",
  website: null,
  image: "/images/venues/bar-1.webp",
  upcomingEvents: 0,
  activeUsers: 0,
}));

const filters = rules.VENUE_FILTERS;
const modes = rules.TRANSPORT_MODES;
const times = [];
for (let i = 0; i < 250; i++) {
  // Each update: the visitor moved a little, and the filter, mode and radius change as a visitor would.
  const origin = { lat: centre.lat + (random() - 0.5) * 0.01, lng: centre.lng + (random() - 0.5) * 0.01 };
  const start = process.hrtime.bigint();
  const nearbyIds = rules.nearbyVenueIds(venues, origin);
  const view = rules.buildExplorerView(venues, {
    origin,
    radius: 0.5 + (i % 20) * 0.5,
    filter: filters[i % filters.length],
    transportMode: modes[i % 3],
    weather: { condition: i % 2 ? "rainy" : "sunny", temperature: 72, precipitation: i % 2 === 1 },
    nearbyIds,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (i >= 50) times.push(ms); // the first 50 warm the JIT
  if (view.counts.all < 0) throw new Error("unreachable");
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
const rulesRow = {
  name: "venue rules, 10,000 venues, per update",
  "median ms": pct(50).toFixed(2),
  "p95 ms": pct(95).toFixed(2),
  target: "< 3 ms",
  ok: pct(95) < 3,
};

// --- JavaScript the page loads, from the production build ---
// The page carries no framework JavaScript (`hydrate: false`): it loads its island script (the URL the
// server build renders), whose static imports come with it; the island fetches the map's chunks after
// the first paint and the explorer's components when the visitor first reaches for them. bench:pages measures the same from the
// served page (its "JS gz" column: the page's scripts, then what they import "later").
const assets = path.join(root, "build/client/assets");
let jsRow;
const serverAssets = path.join(root, "build/server/assets");
const islandName = fs.existsSync(serverAssets)
  ? fs
      .readdirSync(serverAssets)
      .map((f) => /explorer-island\.client-[\w-]+\.js/.exec(fs.readFileSync(path.join(serverAssets, f), "utf8"))?.[0])
      .find(Boolean)
  : undefined;
if (!fs.existsSync(assets) || !islandName) {
  jsRow = { name: "/venue-map JavaScript", note: "no build: run `npm run build` first" };
} else {
  const importsOf = (file) => {
    const source = fs.readFileSync(path.join(assets, file), "utf8");
    return {
      static: [...source.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]),
      dynamic: [...source.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((m) => m[1]),
    };
  };
  // At load: the island and its static imports. Then what it imports dynamically (with their static
  // imports): the map's chunks after the first paint, the explorer's components on first use.
  const seen = new Set();
  const follow = (file, into) => {
    if (seen.has(file)) return;
    seen.add(file);
    into.add(file);
    for (const next of importsOf(file).static) follow(next, into);
  };
  const atLoad = new Set();
  const map = new Set();
  const firstUse = new Set();
  follow(islandName, atLoad);
  for (const file of [...atLoad])
    for (const next of importsOf(file).dynamic) follow(next, next.startsWith("explorer-hydrate") ? firstUse : map);
  const gz = (files) => [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(assets, file))).length, 0);
  jsRow = {
    name: "/venue-map JavaScript (gzipped)",
    "island at load KB": (gz(atLoad) / 1024).toFixed(1),
    "map after first paint KB": (gz(map) / 1024).toFixed(1),
    "explorer on first use KB": (gz(firstUse) / 1024).toFixed(1),
  };
}
console.table([rulesRow, jsRow]);
