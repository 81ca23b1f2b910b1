import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_POST_CONTENT } from "~/blog/post/schema";
import { heldBound } from "../support/held";
import { rawRequest } from "../support/raw-http";
import { type TestServer, usingPostgres } from "../support/test-server";
import { siteForSuite } from "../support/suite";

let server: TestServer;
let cookie: string;
// Every module the server resolves is written to this log (tests/support/load-log.mjs); read as the site is ready.
const loadLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "load-log-")), "modules");
let loadedAtStart: string[] = [];
siteForSuite(
  {
    env: {
      SEED_DEMO: "false",
      CLINK_LOAD_LOG: loadLog,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${pathToFileURL(path.resolve("tests/support/load-log.mjs")).href}`.trim(),
    },
  },
  (site) => {
    ({ server, cookie } = site);
    loadedAtStart = fs.readFileSync(loadLog, "utf8").split("\n").filter(Boolean);
    fs.rmSync(path.dirname(loadLog), { recursive: true, force: true });
  },
);

/** The longest text of one pattern a post may hold. */
const longest = (pattern: string) => pattern.repeat(Math.ceil(MAX_POST_CONTENT / pattern.length)).slice(0, MAX_POST_CONTENT);
// The costliest patterns found: "_a" for the search index (quadratic in a run's length), nested
// quotes for markdown (quadratic in the text's length).
const SLOW_TO_INDEX = longest("_a");
const SLOW_TO_RENDER = longest("> ");

const api = (path: string, method: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });

const post = (content: string, title: string) =>
  api("/api/blog", "POST", { title, author: "Ada", excerpt: "A stress test", content, category: "tips", published: true });

/**
 * Polls /healthz and a page until `work` settles; the longest answer of each, and how long the work
 * took. During a save the page is a marketing page (a save rightly empties the blog's page cache);
 * otherwise the cached /blog.
 */
async function whileRunning(work: Promise<unknown>, page = "/blog") {
  let done = false;
  const started = performance.now();
  const longest = { healthz: 0, cachedPage: 0, polls: 0, workMs: 0 };
  const settled = work.finally(() => ((done = true), (longest.workMs = performance.now() - started)));
  while (!done) {
    const [health, answer] = await Promise.all([rawRequest(server.url, { path: "/healthz" }), rawRequest(server.url, { path: page })]);
    expect(health.status).toBe(200);
    expect(answer.status).toBe(200);
    longest.healthz = Math.max(longest.healthz, health.ms);
    longest.cachedPage = Math.max(longest.cachedPage, answer.ms);
    longest.polls++;
    // The probe's spacing while the work runs (it measures; it waits for nothing).
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((r) => setTimeout(r, 5));
  }
  await settled;
  return longest;
}

describe("3. no single request stalls the site", () => {
  it("refuses a post body longer than the schema's maximum with 400", async () => {
    const res = await post(`${SLOW_TO_INDEX}x`, "Too long");
    expect(res.status).toBe(400);
    expect((await res.json()).errors.content).toMatch(/under 30,000 characters/);
  });

  it("keeps /healthz and pages answering while the costliest save, first view and tag suggestion run", async () => {
    // Warm what is polled first, so that a first render's one-off cost is not counted as a stall.
    // A first save loads the text-search dictionaries; that is start-up cost, not this request's.
    expect((await post("An ordinary post about bars and friends.", "Warm-up")).status).toBe(201);
    for (const path of ["/blog", "/about", "/healthz"]) await rawRequest(server.url, { path });
    // One write at a time: each is "the slowest admin write" (two at once queue on PGlite's one thread).
    const indexing = post(SLOW_TO_INDEX, "Slow to index");
    const duringSaves = await whileRunning(indexing, "/about");
    expect((await indexing).status).toBe(201);
    const rendering = post(SLOW_TO_RENDER, "Slow to render");
    const duringSecondSave = await whileRunning(rendering, "/about");
    const rendered = await rendering;
    expect(rendered.status).toBe(201);
    duringSaves.healthz = Math.max(duringSaves.healthz, duringSecondSave.healthz);
    duringSaves.cachedPage = Math.max(duringSaves.cachedPage, duringSecondSave.cachedPage);
    duringSaves.workMs = Math.min(duringSaves.workMs, duringSecondSave.workMs);
    await rawRequest(server.url, { path: "/blog" }); // the saves changed the list: cache it again
    const slug = ((await rendered.json()) as { post: { slug: string } }).post.slug;

    const view = rawRequest(server.url, { path: `/blog/${slug}`, timeoutMs: 60_000 });
    const suggest = api("/api/tag-suggestions", "POST", { title: "Quotes", content: SLOW_TO_RENDER });
    const duringRender = await whileRunning(Promise.all([view, suggest]));
    const page = await view;
    expect(page.status).toBe(200);
    // Past the time limit the body is shown as plain paragraphs, escaped.
    expect(page.body).toContain("&gt; &gt; &gt;");
    expect([200, 422]).toContain((await suggest).status);

    console.log(
      `longest /healthz: ${duringSaves.healthz.toFixed(1)} ms during the saves, ${duringRender.healthz.toFixed(1)} ms during the render and tag suggestion (${duringRender.polls} polls); ` +
        `longest page: ${duringSaves.cachedPage.toFixed(1)} ms and ${duringRender.cachedPage.toFixed(1)} ms`,
    );
    // The goal is 100 ms (measured 25-95 ms alone), a bench figure. Markdown and tag suggestions run
    // on a worker thread; a save runs on PGlite's (the main) thread, its bounded cost 25-90 ms. Before
    // the bounds, these requests held every other for 4 s to minutes: a probe that waited about as
    // long as the work fails here (tests/support/held.ts), a loaded machine's slow probe does not.
    for (const ms of [duringSaves.healthz, duringSaves.cachedPage]) expect(ms).toBeLessThan(heldBound(duringSaves.workMs));
    for (const ms of [duringRender.healthz, duringRender.cachedPage]) expect(ms).toBeLessThan(heldBound(duringRender.workMs));
  }, 120_000);
});

describe("the text worker's footprint", () => {
  it("loads the markdown pipeline alone, not the whole server (a worker costs ~20 MB instead of ~90 MB)", () => {
    const dir = "build/server/assets";
    const chunk = fs.readdirSync(dir).find((name) => name.startsWith("text-work-"));
    expect(chunk, "the text worker has a chunk of its own").toBeTruthy();
    const source = fs.readFileSync(`${dir}/${chunk}`, "utf8");
    expect(source).toContain("offThreadWork");
    const ownImports = [...source.matchAll(/^import .* from "\.\/([^"]+)";$/gm)].map((m) => m[1]);
    expect(ownImports.filter((name) => !name!.startsWith("rolldown-runtime-"))).toEqual([]);
  });
});

describe("the server's footprint", () => {
  // Each held 2-25 MB of every server's memory from its start (decision record 0009), for work done
  // rarely: making an image, a staff member's new password, a passkey, a Ghost import; lucide-react's
  // entry is all its icons. Read from what this file's server really loaded by the time it was ready (its
  // load log), mapped to the packages inside each built chunk by the chunk's source map (the build bundles
  // its dependencies: decision 0100).
  it("loads the libraries that only rare work needs when that work comes, not at start", () => {
    const atStart = modulesOf(loadedAtStart);
    // The build's code: the entry and its chunks (beside them lie their source maps).
    const buildFiles = [
      path.resolve("build/server/index.js"),
      ...fs.readdirSync("build/server/assets").map((name) => path.resolve("build/server/assets", name)),
    ].filter((file) => file.endsWith(".js"));
    const built = modulesOf(buildFiles.map((file) => pathToFileURL(file).href));
    // What the build leaves outside (decision 0100) it imports by name.
    const external = new Set(
      buildFiles.flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/\bimport\("([^".][^"]*)"\)/g)].map((m) => m[1]!)),
    );
    const holds = (modules: string[], name: string) => modules.some((module) => module.startsWith(`${name}/`));

    const rare = ["sharp", "@zxcvbn-ts/core", "@zxcvbn-ts/language-common", "@zxcvbn-ts/language-en", "@simplewebauthn/server", "turndown"];
    expect(rare.filter((name) => holds(atStart, name))).toEqual([]);
    expect(
      rare.filter((name) => !holds(built, name) && !external.has(name)),
      "each is in the build, waiting for its use",
    ).toEqual([]);
    expect(atStart.filter((module) => /^lucide-react\/dist\/esm\/lucide-react\.js$/.test(module))).toEqual([]);
    expect(atStart.filter((module) => module.startsWith("lucide-react/dist/esm/icons/")).length, "only the icons drawn").toBeLessThan(200);
    // Each database's client by the database the server opens: a server on PGlite never loads pg.
    const otherDatabase = usingPostgres() ? ["@electric-sql/pglite", "drizzle-orm/pglite"] : ["pg", "drizzle-orm/node-postgres"];
    expect(otherDatabase.filter((name) => holds(atStart, name))).toEqual([]);
    expect(holds(atStart, "react-dom"), "the check reads what the server loaded").toBe(true);
  });
});

/**
 * The modules (a path below node_modules, e.g. "react-dom/cjs/react-dom-server.node.production.js") that the
 * given loaded URLs are or hold: a package's own file, or what a built chunk's source map lists.
 */
function modulesOf(urls: string[]): string[] {
  const belowNodeModules = (file: string) => file.slice(file.lastIndexOf("node_modules/") + "node_modules/".length);
  const modules = new Set<string>();
  for (const url of urls) {
    if (!url.startsWith("file:")) continue;
    const file = fileURLToPath(url);
    if (file.includes("/node_modules/")) modules.add(belowNodeModules(file));
    else if (file.includes(`${path.sep}build${path.sep}server${path.sep}`) && fs.existsSync(`${file}.map`)) {
      const map = JSON.parse(fs.readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
      for (const source of map.sources) if (source.includes("node_modules/")) modules.add(belowNodeModules(source));
    }
  }
  return [...modules];
}
