// node montage.mjs out.png a.png b.png ... : side by side, scaled to a common height
import sharp from "sharp";
const [out, ...files] = process.argv.slice(2);
const H = Number(process.env.H ?? 900);
const imgs = await Promise.all(files.map(async (f) => {
  const img = sharp(f).resize({ height: H, fit: "inside" });
  const buf = await img.png().toBuffer();
  const m = await sharp(buf).metadata();
  return { buf, w: m.width, h: m.height };
}));
const W = imgs.reduce((a, i) => a + i.w + 10, 0);
let x = 0;
const comp = imgs.map((i) => { const c = { input: i.buf, left: x, top: 0 }; x += i.w + 10; return c; });
await sharp({ create: { width: W, height: H, channels: 3, background: "#888" } }).composite(comp).png().toFile(out);
