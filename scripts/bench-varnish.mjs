// The site behind Varnish (issue 52; deploy/varnish/): a post page's requests per second through Varnish beside
// a bare node:http server sending the same bytes and the site alone, at 50 connections; then the hit ratio
// through Varnish while posts are edited (one edit a second, each purged), and how long each edit took to show
// through Varnish. Part of `npm run bench`; also alone: `npm run bench:varnish` (needs `npm run build` and
// Debian's varnish and varnish-modules). BENCH_SECONDS (default 3) per load. Target: an edit shows within 2 s.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { callJson, freePort, runAlone, signIn, startSite, withScratchSite } from "./bench-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const POSTS = 20;
const EDITS = 10;
const HEADERS = { "accept-encoding": "gzip, br" };

const available = () => spawnSync("sh", ["-c", "command -v varnishd && ls /usr/lib/*/varnish/vmods/libvmod_xkey.so"]).status === 0;

/** varnishd with deploy/varnish/'s VCL and the unit's own command line (port, VCL, folder and jail swapped). */
async function startVarnish(dir, port, backendPort) {
  const vcl = fs
    .readFileSync(path.join(root, "deploy/varnish/clink.vcl"), "utf8")
    .replaceAll(/\.port = "300[12]"/g, `.port = "${backendPort}"`);
  fs.writeFileSync(path.join(dir, "clink.vcl"), vcl);
  const execStart = fs
    .readFileSync(path.join(root, "deploy/varnish/varnish.service"), "utf8")
    .match(/^ExecStart=(.*)$/m)[1]
    .split(/\s+/);
  const args = execStart.slice(1);
  const set = (flag, value) => (args[args.indexOf(flag) + 1] = value);
  set("-a", `127.0.0.1:${port}`);
  set("-f", path.join(dir, "clink.vcl"));
  set("-n", path.join(dir, "varnish"));
  set("-s", "malloc,256m");
  set("-j", "none");
  const child = spawn(execStart[0], args, { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const counters = () => {
    const stats = JSON.parse(spawnSync("varnishstat", ["-n", path.join(dir, "varnish"), "-1", "-j"], { encoding: "utf8" }).stdout);
    const value = (name) => (stats.counters ?? stats)[name]?.value ?? 0;
    return { hits: value("MAIN.cache_hit") + value("MAIN.cache_hit_grace"), misses: value("MAIN.cache_miss") };
  };
  return { url, counters, stop: () => child.kill("SIGTERM") };
}

const load = async (options) => {
  const result = await autocannon({ connections: 50, duration: DURATION, headers: HEADERS, ...options });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
};

export async function varnishRows() {
  if (!available()) {
    console.log("varnish: skipped (apt-get install varnish varnish-modules)");
    return [];
  }
  return withScratchSite("varnish", async ({ dataDir, databaseUrl, database }) => {
    const varnishPort = await freePort();
    const site = await startSite(
      { dataDir, databaseUrl },
      { LOG_LEVEL: "warn", CDN_PURGE: "varnish", VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`, TRUST_PROXY: "loopback" },
      { healthySeconds: 300 },
    );
    const varnish = await startVarnish(dataDir, varnishPort, new URL(site.url).port);
    try {
      const cookie = await signIn(site.url);
      const posts = [];
      for (let i = 0; i < POSTS; i++)
        posts.push(
          (
            await callJson(site.url, cookie, "POST", "/api/blog", {
              title: `Varnish bench ${i}`,
              author: "Bench",
              excerpt: "Bench.",
              content: `Version 0 of post ${i}.\n\n${"A paragraph of text. ".repeat(60)}`,
              category: "tips",
              tags: ["bench"],
              published: true,
            })
          ).post,
        );
      const page = `/blog/${posts[0].slug}`;
      const paths = [...posts.map((post) => `/blog/${post.slug}`), "/blog", "/about", "/faq", "/"];
      for (const pathname of paths) await (await fetch(varnish.url + pathname, { headers: HEADERS })).arrayBuffer();

      // The same bytes and headers Varnish answers, from a bare node:http server.
      const sample = await new Promise((resolve) =>
        http.get(varnish.url + page, { headers: HEADERS }, (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }),
      );
      const bare = http.createServer((_req, res) =>
        res
          .writeHead(200, {
            "content-type": sample.headers["content-type"],
            "content-encoding": sample.headers["content-encoding"] ?? "identity",
            "cache-control": sample.headers["cache-control"],
          })
          .end(sample.body),
      );
      await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve));
      const throughVarnish = await load({ url: varnish.url + page });
      const bareServer = await load({ url: `http://127.0.0.1:${bare.address().port}${page}` });
      const siteAlone = await load({ url: site.url + page });
      bare.closeAllConnections();
      bare.close();

      // A run of edits under load: one post edited a second (each purged at Varnish), every page asked meanwhile.
      const before = varnish.counters();
      const traffic = autocannon({
        url: varnish.url,
        connections: 20,
        duration: EDITS + 5,
        headers: HEADERS,
        requests: paths.map((p) => ({ method: "GET", path: p })),
      });
      const shown = [];
      for (let i = 1; i <= EDITS; i++) {
        const post = posts[i % POSTS];
        const started = performance.now();
        await callJson(site.url, cookie, "PUT", `/api/blog/${post.id}`, {
          title: post.title,
          author: "Bench",
          excerpt: "Bench.",
          content: `Version ${i} of post ${i % POSTS}.`,
          category: "tips",
          tags: ["bench"],
          published: true,
        });
        for (;;) {
          const text = await (await fetch(`${varnish.url}/blog/${post.slug}`, { headers: { "accept-encoding": "identity" } })).text();
          if (text.includes(`Version ${i} of post`)) break;
          if (performance.now() - started > 10_000) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        shown.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - started))));
      }
      const during = await traffic;
      const after = varnish.counters();
      const hits = after.hits - before.hits;
      const misses = after.misses - before.misses;
      shown.sort((a, b) => a - b);
      const figure = (r) => `${r.rps} req/s, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ""}`;
      const rows = [
        { measure: `a post page through Varnish, 50 conn (${database})`, value: figure(throughVarnish), target: "" },
        {
          measure: "the same bytes from a bare node:http server, 50 conn",
          value: `${figure(bareServer)} (Varnish ${(throughVarnish.rps / Math.max(1, bareServer.rps)).toFixed(2)}x)`,
          target: "",
        },
        { measure: "the same page from the site alone (its front cache), 50 conn", value: figure(siteAlone), target: "" },
        {
          measure: `hit ratio through Varnish during ${EDITS} edits, one a second, ${paths.length} pages at 20 conn`,
          value: `${((hits * 100) / Math.max(1, hits + misses)).toFixed(2)}% (${hits} hits, ${misses} misses, ${Math.round(during.requests.average)} req/s)`,
          target: "",
        },
        {
          measure: "an edit through the admin API until Varnish serves it",
          value: `median ${Math.round(shown[Math.floor(shown.length / 2)])} ms, worst ${Math.round(shown.at(-1))} ms`,
          target: "< 2 s",
        },
      ];
      for (const row of rows) console.log(JSON.stringify(row));
      return rows;
    } finally {
      varnish.stop();
      await site.stop();
    }
  });
}

await runAlone(import.meta.url, varnishRows);
