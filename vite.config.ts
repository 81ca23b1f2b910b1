import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { execFileSync } from "node:child_process";
import { defineConfig, type Plugin } from "vite";

/** The commit the build is made from: the release errors are counted in (app/core/instance/release.server.ts). */
function buildCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

/**
 * Scripts built apart from the pages (imported with `?worker&url`, loaded with a plain script tag) get
 * Preact in React's place: the venue explorer's island runs the same components for ~10 KB instead of
 * React's ~60 KB (measured), on a page that carries no framework. Pages that hydrate keep React.
 */
function preactForPageScripts(): Plugin {
  const aliases: Record<string, string> = {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react/jsx-runtime": "preact/jsx-runtime",
    "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
  };
  return {
    name: "preact-for-page-scripts",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const target = aliases[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * Web Workers have no `document`: a package whose browser build decodes with the DOM (micromark's
 * decode-named-character-reference, in the editors' Markdown preview worker) takes its own worker build.
 */
function noDomInWorkers(): Plugin {
  return {
    name: "no-dom-in-workers",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "decode-named-character-reference") return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: resolved.id.replace(/index\.dom\.js$/, "index.js") } : null;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The Express server is bundled with the React Router server build, so the whole
  // server (routes, database, sessions) ships as one module: build/server/index.js.
  // Hidden source maps (no sourceMappingURL comment) for the errors feature to read on the server; never
  // served (server/index.ts answers 404 for any .map), so visitors get no source (decision record 0074).
  build: isSsrBuild
    ? {
        sourcemap: "hidden",
        // The server's chunks carry their dependencies (see `ssr` below); size is a browser's concern, not theirs.
        chunkSizeWarningLimit: 4096,
        rolldownOptions: {
          input: "./server/index.ts",
          output: {
            codeSplitting: {
              // The off-thread work (app/core/limits/off-thread.server.ts: Markdown, tag suggestions) runs its own
              // chunk on a worker thread: kept apart from the rest of the app, a worker loads only the
              // markdown pipeline (about 20 MB) instead of the whole server (about 90 MB, measured).
              // Likewise the import's reader (app/blog/transfer/import-read.server.ts) and the archive format it reads.
              groups: [
                {
                  name: "text-work",
                  test: /[\\/]app[\\/](core[\\/](markdown[\\/](markdown|markdown-text|markdown-work\.server)|limits[\\/]off-thread\.server)|blog[\\/]writing[\\/](text-work\.server|tag-suggestions))\.ts$/,
                },
                { name: "import-read", test: /[\\/]app[\\/]blog[\\/]transfer[\\/](import-read\.server|content-archive)\.ts$/ },
              ],
            },
          },
        },
      }
    : {
        sourcemap: "hidden",
        rolldownOptions: {
          output: {
            // Fewer, larger chunks for what every page needs at hydration: on a slow mobile
            // connection each extra file costs a round trip (measured with Lighthouse).
            codeSplitting: {
              groups: [
                // With Vite's helper for import(): root inlined it while only root imported lazily; the admin's
                // lazy post editor would split it into a file of its own, one more request on every page.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|preload-helper/,
                  priority: 2,
                },
                // Icons used by several pages travel together; rarer ones stay with their page.
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 4, priority: 1 },
                // Likewise our own components and helpers that most public pages share.
                { name: "site", test: /[\\/]app[\\/](components|utils)[\\/]/, minShareCount: 4, priority: 1 },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  define: { __CLINK_RELEASE__: JSON.stringify(buildCommit()) },
  // The server build bundles its dependencies (decision 0100): loading ~1,500 files of node_modules was half
  // of a start's CPU (1.2 -> 0.57 s to import the build, measured), and lucide-react's entry alone, loaded
  // whole, held ~7 MB of heap for the few dozen icons we draw. Left outside: sharp (a native addon), PGlite
  // (reads its WebAssembly and data files from beside its module), pg (requires pg-native if asked) and
  // Sentry (loaded only with a SENTRY_DSN). `npm run dev` keeps Vite's default (dependencies external).
  ssr:
    command === "build"
      ? { noExternal: true, external: ["sharp", "@electric-sql/pglite", "pg", "@sentry/node"] }
      : { noExternal: ["lucide-react"] },
  // ES modules, so the island's Leaflet map is a chunk of its own, loaded after the first paint.
  worker: { format: "es", plugins: () => [preactForPageScripts(), noDomInWorkers()] },
  plugins: [tailwindcss(), reactRouter()],
}));
