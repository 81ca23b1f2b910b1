// `npm start` runs this first: it builds the site when there is no build yet, or when a
// source file is newer than the build, so a fresh clone needs only `npm install && npm start`.
// The build runs in its own process (Vite's ~500 MB are gone before the server starts) and quietly: one
// line, or its whole output when it fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const marker = "build/server/index.js";
const sources = ["app", "server", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map(newest));
if (!built || changed > built) {
  const started = Date.now();
  process.stdout.write(built ? "Sources changed since the last build: building the site... " : "No build yet: building the site... ");
  const result = spawnSync("npm", ["run", "build", "--silent"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write("failed:\n");
    process.stdout.write(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `${result.error.message}\n` : ""}`);
    process.exit(result.status || 1);
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}
