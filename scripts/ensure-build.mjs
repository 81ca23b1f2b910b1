// `npm start` runs this first: it builds the site when there is no build yet, or when a
// source file is newer than the build, so a fresh clone needs only `npm install && npm start`.
import { execSync } from "node:child_process";
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
  console.log(built ? "Sources changed since the last build: building..." : "No build yet: building...");
  execSync("npm run build", { stdio: "inherit" });
}
