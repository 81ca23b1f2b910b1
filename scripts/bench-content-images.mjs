// Images at Ghost's addresses (issue 40, decision record 0054): the first and the repeat time of resized
// variants of an uploaded 2000 x 1333 photo (/content/images/size/w{N}/format/{f}/…, made by sharp on the
// first request, then read from the database), beside a bare node:http server sending the same variant's
// bytes from a file on disk and the site's own static file (express.static). Sequential requests (one at
// a time: p50 and max of REPEATS), then throughput at 10 connections for BENCH_SECONDS. A site of its own on
// the embedded PGlite (needs `npm run build`). Run: npm run bench:content-images.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import sharp from "sharp";
import { startServer } from "./bench-content-api.mjs";

const REPEATS = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ADMIN = { email: "bench@clink.app", password: "bench password 12345" };
const LIMIT_MS = 60_000;
const VARIANTS = [
  ["w600", "webp"],
  ["w1000", "webp"],
  ["w1600", "avif"],
  ["w600", null],
];

async function timedGet(url) {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(LIMIT_MS) });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { ms: performance.now() - started, bytes };
}

async function repeated(url) {
  const times = [];
  for (let i = 0; i < REPEATS; i++) times.push((await timedGet(url)).ms);
  times.sort((a, b) => a - b);
  return { p50: Number(times[Math.floor(times.length / 2)].toFixed(1)), max: Number(times.at(-1).toFixed(1)) };
}

async function throughput(url) {
  const result = await autocannon({ url, connections: 10, duration: SECONDS });
  return { rps: Math.round(result.requests.average), errors: result.errors + result.non2xx };
}

/** Signs in and uploads a noisy photo-like JPEG (noise makes resizing cost what a photo's does). */
async function uploadPhoto(url) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const photo = await sharp({
    create: { width: 2000, height: 1333, channels: 3, background: "#336699", noise: { type: "gaussian", mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.set("file", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  const res = await fetch(`${url}/api/admin/media`, { method: "POST", body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const media = await res.json();
  return {
    path: `/content/images/media/${media.hash}.${media.mimeType === "image/jpeg" ? "jpg" : media.mimeType.slice(6)}`,
    bytes: photo.length,
  };
}

export async function contentImageRows() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clink-bench-images-"));
  const server = await startServer(dataDir);
  let bare;
  try {
    const photo = await uploadPhoto(server.url);
    const rows = [];
    const sizedPath = ([size, format]) =>
      photo.path.replace("/content/images/", `/content/images/size/${size}/${format ? `format/${format}/` : ""}`);
    for (const variant of VARIANTS) {
      const url = `${server.url}${sizedPath(variant)}`;
      const first = await timedGet(url);
      const again = await repeated(url);
      rows.push({
        measure: `${sizedPath(variant).split("/media/")[0]}/… (${Math.round(first.bytes / 1024)} KB)`,
        first_ms: Math.round(first.ms),
        repeat_p50_ms: again.p50,
        repeat_max_ms: again.max,
        rps_10: null,
      });
    }
    // The same bytes as the w1000 WebP variant, from a file, by a bare node:http server.
    const kept = `${server.url}${sizedPath(VARIANTS[1])}`;
    const file = path.join(dataDir, "variant.webp");
    fs.writeFileSync(file, Buffer.from(await (await fetch(kept)).arrayBuffer()));
    bare = http.createServer((_req, res) =>
      fs.readFile(file, (error, data) =>
        error ? res.writeHead(500).end() : res.writeHead(200, { "content-type": "image/webp", "content-length": data.length }).end(data),
      ),
    );
    await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const bareUrl = `http://127.0.0.1:${bare.address().port}/variant.webp`;
    const staticUrl = `${server.url}/images/blog/default.webp`;
    for (const [measure, url] of [
      ["bare node:http, the w1000 WebP's bytes from disk", bareUrl],
      ["site's own static file (express.static, /images/blog/default.webp)", staticUrl],
    ]) {
      const first = await timedGet(url);
      const again = await repeated(url);
      rows.push({
        measure: `${measure} (${Math.round(first.bytes / 1024)} KB)`,
        first_ms: Math.round(first.ms),
        repeat_p50_ms: again.p50,
        repeat_max_ms: again.max,
        rps_10: null,
      });
    }
    const rps = { kept: await throughput(kept), bare: await throughput(bareUrl), static: await throughput(staticUrl) };
    rows[1].rps_10 = rps.kept.rps;
    rows.at(-2).rps_10 = rps.bare.rps;
    rows.at(-1).rps_10 = rps.static.rps;
    if (rps.kept.errors + rps.bare.errors + rps.static.errors > 0)
      process.stderr.write(`content images bench: errors ${JSON.stringify(rps)}\n`);
    process.stderr.write(`content images bench: uploaded photo ${Math.round(photo.bytes / 1024)} KB (2000 x 1333 JPEG)\n`);
    return rows;
  } finally {
    bare?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.table(await contentImageRows());
