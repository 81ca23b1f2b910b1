// Draws the demo venues' pictures (two per venue type) from SVG with sharp, so the site ships every
// image the venue explorer shows. Run: node scripts/make-venue-images.mjs
import fs from "node:fs";
import sharp from "sharp";

const W = 640;
const H = 400;
fs.mkdirSync("public/images/venues", { recursive: true });

const glass = (x, y, s, c) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"><path d="M-40 -60 L40 -60 L28 20 Q0 40 -28 20 Z" fill="${c}" fill-opacity="0.2"/><path d="M0 32 L0 90 M-30 92 L30 92"/></g>`;
const mug = (x, y, s, c) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"><rect x="-40" y="-60" width="80" height="120" rx="10" fill="${c}" fill-opacity="0.2"/><path d="M40 -30 Q80 -30 80 0 Q80 30 40 30"/></g>`;
const plate = (x, y, s, c) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${c}" stroke-width="6"><circle r="70" fill="${c}" fill-opacity="0.15"/><circle r="45"/><path d="M-100 -60 L-100 60 M-115 -60 L-115 -20 Q-100 -5 -85 -20 L-85 -60 M100 -60 Q120 -20 100 10 L100 60"/></g>`;
const skyline = (c) =>
  `<path d="M0 400 L0 300 L60 300 L60 250 L120 250 L120 320 L190 320 L190 220 L260 220 L260 290 L350 290 L350 260 L430 260 L430 310 L500 310 L500 240 L570 240 L570 300 L640 300 L640 400 Z" fill="${c}" fill-opacity="0.85"/>`;
const lights = (seed, c) =>
  Array.from(
    { length: 18 },
    (_, i) =>
      `<circle cx="${(seed * 53 + i * 97) % W}" cy="${(seed * 31 + i * 61) % 220}" r="${2 + ((i * seed) % 6)}" fill="${c}" fill-opacity="${0.2 + (i % 4) * 0.12}"/>`,
  ).join("");

function picture({ from, to, accent, seed, shapes }) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>${lights(seed, accent)}${shapes}</svg>`);
}

// Colours follow the type colours of the explorer's placeholders (bar blue, restaurant green, ...).
const images = {
  "bar-1": {
    from: "#1e3a8a",
    to: "#2563eb",
    accent: "#fde68a",
    seed: 3,
    shapes: glass(250, 210, 1.3, "#fef3c7") + glass(390, 210, 1.3, "#fef3c7"),
  },
  "bar-2": { from: "#172554", to: "#0369a1", accent: "#bae6fd", seed: 5, shapes: glass(320, 200, 1.6, "#e0f2fe") },
  "restaurant-1": { from: "#14532d", to: "#16a34a", accent: "#fef9c3", seed: 7, shapes: plate(320, 210, 1.2, "#f0fdf4") },
  "restaurant-2": {
    from: "#064e3b",
    to: "#65a30d",
    accent: "#fde68a",
    seed: 9,
    shapes: plate(270, 210, 1, "#fefce8") + glass(470, 200, 1, "#fefce8"),
  },
  "club-1": {
    from: "#3b0764",
    to: "#9333ea",
    accent: "#f0abfc",
    seed: 11,
    shapes:
      `<circle cx="320" cy="150" r="70" fill="#f5d0fe" fill-opacity="0.35" stroke="#f5d0fe" stroke-width="5"/><path d="M320 80 L320 10" stroke="#f5d0fe" stroke-width="4"/>` +
      glass(320, 300, 0.9, "#f5d0fe"),
  },
  "club-2": {
    from: "#2e1065",
    to: "#c026d3",
    accent: "#a5f3fc",
    seed: 13,
    shapes:
      `<path d="M0 400 L200 120 L260 400 Z M640 400 L440 120 L380 400 Z" fill="#a5f3fc" fill-opacity="0.25"/>` +
      glass(320, 220, 1.2, "#ecfeff"),
  },
  "brewery-1": {
    from: "#78350f",
    to: "#d97706",
    accent: "#fef3c7",
    seed: 17,
    shapes: mug(250, 220, 1.3, "#fffbeb") + mug(410, 220, 1.3, "#fffbeb"),
  },
  "brewery-2": {
    from: "#92400e",
    to: "#ca8a04",
    accent: "#fde68a",
    seed: 19,
    shapes: `<rect x="200" y="110" width="110" height="200" rx="40" fill="#fef3c7" fill-opacity="0.25" stroke="#fef3c7" stroke-width="6"/><rect x="330" y="110" width="110" height="200" rx="40" fill="#fef3c7" fill-opacity="0.25" stroke="#fef3c7" stroke-width="6"/>`,
  },
  "rooftop-1": {
    from: "#7f1d1d",
    to: "#ea580c",
    accent: "#fed7aa",
    seed: 23,
    shapes: `<circle cx="480" cy="110" r="55" fill="#fed7aa" fill-opacity="0.85"/>` + skyline("#1c1917") + glass(230, 190, 1, "#ffedd5"),
  },
  "rooftop-2": {
    from: "#450a0a",
    to: "#dc2626",
    accent: "#fecaca",
    seed: 29,
    shapes: skyline("#0c0a09") + glass(320, 170, 1.1, "#fee2e2"),
  },
  "lounge-1": {
    from: "#1e1b4b",
    to: "#4f46e5",
    accent: "#c7d2fe",
    seed: 31,
    shapes:
      `<path d="M170 300 Q170 220 250 220 L390 220 Q470 220 470 300 L470 330 L170 330 Z" fill="#e0e7ff" fill-opacity="0.3" stroke="#e0e7ff" stroke-width="6"/>` +
      glass(320, 130, 0.8, "#e0e7ff"),
  },
  "lounge-2": {
    from: "#312e81",
    to: "#6366f1",
    accent: "#fbcfe8",
    seed: 37,
    shapes: glass(270, 200, 1.1, "#fce7f3") + glass(370, 200, 1.1, "#fce7f3"),
  },
};

for (const [name, spec] of Object.entries(images)) {
  const out = `public/images/venues/${name}.webp`;
  await sharp(picture(spec)).webp({ quality: 70 }).toFile(out);
  console.log(out, fs.statSync(out).size, "bytes");
}
