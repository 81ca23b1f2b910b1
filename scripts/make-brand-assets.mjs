// Makes the favicon, touch icon and default social card from SVG sources, so the site
// ships its own images. Run once after changing the artwork: node scripts/make-brand-assets.mjs
import fs from "node:fs";
import sharp from "sharp";

const icon = fs.readFileSync("public/favicon.svg");
const png32 = await sharp(icon).resize(32, 32).png().toBuffer();
// An ICO file may hold a PNG image: a 6-byte header, one 16-byte directory entry, the PNG.
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18);
fs.writeFileSync("public/favicon.ico", Buffer.concat([header, png32]));
await sharp(icon).resize(180, 180).flatten({ background: "#4f46e5" }).png().toFile("public/apple-touch-icon.png");
await sharp(icon).resize(192, 192).png().toFile("public/icon-192.png");
await sharp(icon).resize(512, 512).png().toFile("public/icon-512.png");

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1010" cy="120" r="220" fill="#fbbf24" opacity="0.18"/>
  <circle cx="1080" cy="560" r="160" fill="#f472b6" opacity="0.18"/>
  <g transform="translate(96 150) scale(5)"><rect width="32" height="32" rx="9" fill="#4f46e5"/><path d="M9 8h6l-1 9a2 2 0 0 1-4 0L9 8Z" fill="#fde68a"/><path d="M17 8h6l-1 9a2 2 0 0 1-4 0l-1-9Z" fill="#fbbf24"/><path d="M12 19v5m-2 0h4m6-5v5m-2 0h4" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/></g>
  <text x="300" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff">Clink</text>
  <text x="96" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#fde68a">Never drink alone.</text>
  <text x="96" y="480" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#e0e7ff">Find drinking companions, bars and events near you. 21+</text>
</svg>`;
await sharp(Buffer.from(card)).png({ compressionLevel: 9, palette: true }).toFile("public/images/social-card.png");
console.log("brand assets written");
