// Sums the V8 CPU profiles a run wrote (tests/support/cpu-profile.mjs) by kind of process: self time by area
// (a package, a file of the build, Node's internals, the garbage collector) and by function, busiest first.
// Usage: node scripts/cpu-profile-summary.mjs DIR [rows]
import fs from "node:fs";
import path from "node:path";

const [dir, rowsArg] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/cpu-profile-summary.mjs DIR [rows]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);

/** What a frame belongs to: a package, a file of the build, a Node module, or V8's own entries. */
function area({ url, functionName }) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("wasm://")) return "(WebAssembly)";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.includes("/build/server/")) return `build/server/${path.basename(url).replace(/-[\w-]{8}\.js$/, ".js")}`;
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

const kinds = new Map();
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
  const kind = file.split("-")[0];
  if (!kinds.has(kind)) kinds.set(kind, { files: 0, busy: 0, byArea: new Map(), byFunction: new Map() });
  const k = kinds.get(kind);
  k.files++;
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === "(idle)") return;
    const us = profile.timeDeltas[i] ?? 0;
    k.busy += us;
    const a = area(callFrame);
    k.byArea.set(a, (k.byArea.get(a) ?? 0) + us);
    const f = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").pop()}:${callFrame.lineNumber + 1}`;
    k.byFunction.set(f, (k.byFunction.get(f) ?? 0) + us);
  });
}
const table = (map, busy) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, us]) => `${(us / 1e6).toFixed(1).padStart(8)} s ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${name}`)
    .join("\n");
for (const [kind, k] of kinds) {
  console.log(`\n## ${kind}: ${k.files} processes, ${(k.busy / 1e6).toFixed(1)} s busy (sampled wall time, not idle)`);
  console.log(`\nby area\n${table(k.byArea, k.busy)}\n\nby function\n${table(k.byFunction, k.busy)}`);
}
