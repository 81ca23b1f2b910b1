// Issue 47 (docs/architecture.md, "No request holds the server"): the costliest inputs found, each run while
// /healthz is polled, beside a bare node:http server answering /healthz's bytes in the same run.
// - Markdown: a draft of each worst text opened in the editor (its first preview is rendered on the bounded
//   worker): how long the page took, whether the text was shown plain, /healthz's p99 and longest meanwhile.
// - Image variants: 60 requests for a 2000 x 1500 photo's sizes, 10 at a time, without a cookie (36 of Ghost's
//   variants and 24 other widths): the time, how many got the variant and how many the original, /healthz
//   meanwhile; then the kept variants' throughput at 10 connections beside the bare server sending the same bytes.
// A site of its own (needs `npm run build`). Run: npm run bench:bounded.
import http from "node:http";
import autocannon from "autocannon";
import sharp from "sharp";
import { callJson, runAlone, signIn, startBare, startSite, withScratchSite } from "./bench-server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** The worst texts found for the renderer (each within the 30,000 characters a post may hold). */
const WORST = {
  "29,990 '>' (nested quotes)": ">".repeat(29_990),
  "15-deep quote + 14,000 lazy lines": `${">".repeat(15)} deep\n${"a\n".repeat(14_000)}`,
  "'*_' x 15,000 (emphasis runs)": "*_".repeat(15_000),
  "'1. ' x 9,900 (nested ordered lists)": "1. ".repeat(9_900),
  "3,000 lines indented one level more each": Array.from({ length: 3_000 }, (_, i) => `${" ".repeat((i % 200) * 2)}- a`)
    .join("\n")
    .slice(0, 30_000),
};

function get(url, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        let body = "";
        res.on("data", (chunk) => ((bytes += chunk.length), body.length < 2_000_000 && (body += chunk)));
        res.on("end", () =>
          resolve({ status: res.statusCode, ms: performance.now() - started, bytes, body, location: res.headers.location }),
        );
      })
      .on("error", reject);
  });
}

/** Polls `url`'s /healthz until `work` settles: p99 and longest in ms. */
async function probed(url, work) {
  let done = false;
  const times = [];
  const settled = work.finally(() => (done = true));
  while (!done) times.push((await get(`${url}/healthz`)).ms);
  const result = await settled;
  times.sort((a, b) => a - b);
  const at = (q) => Number((times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0).toFixed(1));
  return { result, p99: at(0.99), longest: Number((times.at(-1) ?? 0).toFixed(1)) };
}

export async function boundedRows() {
  return withScratchSite("bounded", async (site) => {
    const server = await startSite(site, { LOG_LEVEL: "warn" }, { healthySeconds: 300 });
    const bare = await startBare(JSON.stringify({ status: "ok" }));
    try {
      const cookie = await signIn(server.url);
      const rows = [];
      const bareHealth = await probed(bare.url, get(`${server.url}/healthz`));
      rows.push({
        measure: "bare node:http /healthz (reference)",
        ms: null,
        answer: "",
        "healthz p99 ms": bareHealth.p99,
        "healthz max ms": bareHealth.longest,
      });
      for (const [name, content] of Object.entries(WORST)) {
        const { post } = await callJson(server.url, cookie, "POST", "/api/blog", {
          title: name,
          author: "Bench",
          excerpt: "Worst input",
          content,
          category: "tips",
          published: false,
        });
        const started = performance.now();
        const { result, p99, longest } = await probed(server.url, get(`${server.url}/admin/posts/${post.id}`, { cookie }));
        const plain = result.body.includes("too costly to render as Markdown");
        rows.push({
          measure: `editor: ${name}`,
          ms: Math.round(performance.now() - started),
          answer: `${result.status}${plain ? ", shown plain" : ", rendered"}`,
          "healthz p99 ms": p99,
          "healthz max ms": longest,
        });
      }

      const photo = await sharp({
        create: { width: 2000, height: 1500, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
      })
        .jpeg({ quality: 70 })
        .toBuffer();
      const form = new FormData();
      form.set("file", new Blob([photo], { type: "image/jpeg" }), "crowd.jpg");
      const media = await (await fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie } })).json();
      const formats = ["", "format/webp/", "format/avif/", "format/jpeg/", "format/png/", "format/gif/"];
      const paths = [
        ...[200, 600, 1000, 1200, 1600, 2400].flatMap((width) =>
          formats.map((format) => `/content/images/size/w${width}/${format}media/${media.hash}.jpeg`),
        ),
        ...Array.from({ length: 24 }, (_, i) => `/content/images/size/w${301 + i}/media/${media.hash}.jpeg`),
      ];
      const answers = [];
      const started = performance.now();
      const { p99, longest } = await probed(
        server.url,
        (async () => {
          for (let i = 0; i < paths.length; i += 10)
            answers.push(...(await Promise.all(paths.slice(i, i + 10).map((p) => get(`${server.url}${p}`)))));
        })(),
      );
      const made = answers.filter((a) => a.status === 200).length;
      rows.push({
        measure: "60 variant requests, 10 at a time",
        ms: Math.round(performance.now() - started),
        answer: `${made} variants, ${answers.length - made} originals (302)`,
        "healthz p99 ms": p99,
        "healthz max ms": longest,
      });

      const kept = `${server.url}/content/images/size/w1000/format/webp/media/${media.hash}.jpeg`;
      const keptBytes = Buffer.from(await (await fetch(kept)).arrayBuffer());
      const bareImage = http.createServer((_req, res) =>
        res.writeHead(200, { "content-type": "image/webp", "content-length": keptBytes.length }).end(keptBytes),
      );
      await new Promise((resolve) => bareImage.listen(0, "127.0.0.1", resolve));
      try {
        for (const [measure, url] of [
          [`kept w1000 WebP variant (${Math.round(keptBytes.length / 1024)} KB), 10 connections`, kept],
          ["bare node:http, the same bytes", `http://127.0.0.1:${bareImage.address().port}/`],
        ]) {
          const result = await autocannon({ url, connections: 10, duration: SECONDS });
          rows.push({
            measure,
            ms: null,
            answer: `${Math.round(result.requests.average)} req/s`,
            "healthz p99 ms": null,
            "healthz max ms": null,
          });
        }
      } finally {
        bareImage.closeAllConnections();
        bareImage.close();
      }
      return rows;
    } finally {
      await bare.close();
      await server.stop();
    }
  });
}

await runAlone(import.meta.url, boundedRows);
