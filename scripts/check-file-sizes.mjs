// Part of `npm run lint`: no source file in app/ or server/ above 300 lines (a room one can hold in the
// head; split by meaning), except content data.
import fs from "node:fs";
import path from "node:path";

const MAX_LINES = 300;
const ROOTS = ["app", "server"];
const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;
/** Content data (text and numbers, not logic): any size. */
const CONTENT_DATA = [/^app\/discoverability\/crawler-ranges\//, /\.json$/];

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full.split(path.sep).join("/");
  }
}

const problems = [];
for (const root of ROOTS) {
  for (const file of files(root)) {
    if (!CODE.test(file) || CONTENT_DATA.some((pattern) => pattern.test(file))) continue;
    const lines = fs.readFileSync(file, "utf8").split("\n").length - 1;
    if (lines > MAX_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_LINES}: split it by meaning)`);
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
