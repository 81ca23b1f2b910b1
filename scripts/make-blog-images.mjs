// Draws the blog's own pictures (category fallbacks and demo-post images) from SVG with sharp,
// so the site ships every image it shows. Run: node scripts/make-blog-images.mjs
import fs from "node:fs";
import sharp from "sharp";

const W = 1200;
const H = 630;

const glass = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round">
    <path d="M-40 -60 L40 -60 L28 20 Q0 40 -28 20 Z" fill="${color}" fill-opacity="0.18"/>
    <path d="M0 32 L0 90 M-30 92 L30 92"/>
  </g>`;
const mug = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="6" stroke-linejoin="round">
    <rect x="-40" y="-60" width="80" height="120" rx="10" fill="${color}" fill-opacity="0.18"/>
    <path d="M40 -30 Q80 -30 80 0 Q80 30 40 30"/>
    <path d="M-40 -62 Q-20 -90 0 -66 Q20 -92 40 -62" fill="#fff" fill-opacity="0.5"/>
  </g>`;
const dots = (seed, color) =>
  Array.from({ length: 26 }, (_, i) => {
    const x = (seed * 97 + i * 173) % W;
    const y = (seed * 61 + i * 89) % H;
    const r = 3 + ((i * seed) % 9);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" fill-opacity="${0.15 + (i % 5) * 0.08}"/>`;
  }).join("");

function picture({ from, to, accent, seed, shapes }) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx="0.7" cy="0.3" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  ${dots(seed, accent)}
  ${shapes}
</svg>`);
}

const images = {
  // Category fallbacks: shown when a post's own image fails to load.
  events: {
    from: "#4338ca",
    to: "#7c3aed",
    accent: "#fbbf24",
    seed: 3,
    shapes: glass(480, 300, 1.6, "#fde68a") + glass(720, 300, 1.6, "#fde68a"),
  },
  nightlife: { from: "#1e1b4b", to: "#6d28d9", accent: "#f472b6", seed: 7, shapes: glass(600, 290, 2, "#f9a8d4") },
  social: {
    from: "#0f766e",
    to: "#1d4ed8",
    accent: "#a7f3d0",
    seed: 11,
    shapes: mug(430, 310, 1.5, "#d1fae5") + glass(600, 300, 1.5, "#d1fae5") + mug(770, 310, 1.5, "#d1fae5"),
  },
  tips: { from: "#b45309", to: "#be123c", accent: "#fef3c7", seed: 13, shapes: mug(600, 310, 2, "#fef3c7") },
  updates: { from: "#334155", to: "#4f46e5", accent: "#c7d2fe", seed: 17, shapes: glass(600, 300, 2, "#e0e7ff") },
  default: {
    from: "#4f46e5",
    to: "#312e81",
    accent: "#fbbf24",
    seed: 19,
    shapes: glass(540, 300, 1.7, "#fde68a") + mug(680, 310, 1.4, "#fde68a"),
  },
  // Demo posts' own pictures.
  "posts/first-meetup": {
    from: "#0e7490",
    to: "#4338ca",
    accent: "#fde68a",
    seed: 23,
    shapes: glass(360, 320, 1.4, "#fef9c3") + glass(600, 300, 1.8, "#fef9c3") + glass(840, 320, 1.4, "#fef9c3"),
  },
  "posts/rooftop-bars": {
    from: "#9a3412",
    to: "#581c87",
    accent: "#fdba74",
    seed: 29,
    shapes:
      `<circle cx="900" cy="170" r="90" fill="#fed7aa" fill-opacity="0.8"/><path d="M0 630 L0 470 L120 470 L120 400 L220 400 L220 500 L330 500 L330 360 L450 360 L450 460 L600 460 L600 420 L760 420 L760 500 L900 500 L900 380 L1040 380 L1040 480 L1200 480 L1200 630 Z" fill="#1e1b4b" fill-opacity="0.85"/>` +
      glass(600, 260, 1.3, "#fed7aa"),
  },
  "posts/safety": {
    from: "#065f46",
    to: "#1e3a8a",
    accent: "#bbf7d0",
    seed: 31,
    shapes: `<path d="M600 110 L760 170 L760 300 Q760 430 600 510 Q440 430 440 300 L440 170 Z" fill="#d1fae5" fill-opacity="0.2" stroke="#d1fae5" stroke-width="8"/><path d="M530 310 L585 365 L680 260" fill="none" stroke="#d1fae5" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  "posts/happy-hour": {
    from: "#a16207",
    to: "#b91c1c",
    accent: "#fef08a",
    seed: 37,
    shapes: mug(470, 320, 1.6, "#fef9c3") + mug(730, 320, 1.6, "#fef9c3"),
  },
  "posts/trivia-night": {
    from: "#312e81",
    to: "#0f766e",
    accent: "#fbcfe8",
    seed: 41,
    shapes:
      `<text x="600" y="380" font-family="sans-serif" font-size="260" font-weight="800" text-anchor="middle" fill="#fce7f3" fill-opacity="0.85">?</text>` +
      glass(320, 320, 1.2, "#fce7f3") +
      glass(880, 320, 1.2, "#fce7f3"),
  },
  "posts/app-update": {
    from: "#3730a3",
    to: "#0369a1",
    accent: "#c7d2fe",
    seed: 43,
    shapes:
      `<rect x="500" y="90" width="200" height="420" rx="34" fill="#0f172a" fill-opacity="0.55" stroke="#e0e7ff" stroke-width="8"/><circle cx="600" cy="470" r="14" fill="#e0e7ff"/>` +
      glass(600, 270, 1.1, "#e0e7ff"),
  },
};

for (const [name, spec] of Object.entries(images)) {
  const out = `public/images/blog/${name}.webp`;
  await sharp(picture(spec)).webp({ quality: 78 }).toFile(out);
  console.log(out, fs.statSync(out).size, "bytes");
}
