import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { parseStack, type StackFrame } from "./fingerprint";
import { sourcePath } from "./stack-text";

/**
 * Stacks made readable (decision record 0074): the build writes hidden source maps beside its files
 * (build/client/assets/*.js.map, build/server/*.js.map; vite.config.ts), which the site never serves (the
 * server answers 404 for any .map) but reads here. A frame of a built file is mapped to its source
 * ("app/routes/_marketing/home.tsx:12:7") with @jridgewell/trace-mapping; frames that cannot be mapped stay
 * as they were. Maps are read once each and kept for the process (a release's maps never change).
 */
const buildDir = findBuildDir(path.dirname(fileURLToPath(import.meta.url)));

/** The build folder this code runs from (build/server/index.js, or a chunk below it). */
function findBuildDir(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) if (path.basename(dir) === "build") return dir;
  return path.resolve("build");
}
const maps = new Map<string, TraceMap | null>();

function mapOf(builtFile: string): TraceMap | null {
  if (maps.has(builtFile)) return maps.get(builtFile)!;
  let map: TraceMap | null;
  try {
    map = new TraceMap(fs.readFileSync(`${builtFile}.map`, "utf8"));
  } catch {
    map = null; // no map (development, a file not ours): the frame stays as it was
  }
  if (maps.size < 500) maps.set(builtFile, map);
  return map;
}

/** The built file on this server a frame names: a browser's /assets/x.js, or the server bundle's own. */
function builtFileOf(file: string): string | null {
  const asset = /^(?:https?:\/\/[^/]+)?\/assets\/([\w.-]+\.m?js)(?:[?#].*)?$/.exec(file);
  if (asset) return path.join(buildDir, "client", "assets", asset[1]!);
  const local = file.startsWith("file://") ? fileURLToPath(file) : file;
  if (path.isAbsolute(local) && local.startsWith(path.join(buildDir, "server") + path.sep) && /\.m?js$/.test(local)) return local;
  return null;
}

function mapFrame(frame: StackFrame): string | null {
  if (frame.line === null || frame.column === null) return null;
  const built = builtFileOf(frame.file);
  const map = built ? mapOf(built) : null;
  if (!map) return null;
  const original = originalPositionFor(map, { line: frame.line, column: Math.max(0, frame.column - 1) });
  if (!original.source || original.line === null) return null;
  const fn = original.name ?? frame.fn;
  return `    at ${fn} (${sourcePath(original.source)}:${original.line}:${original.column + 1})`;
}

/** The stack with each frame of our build replaced by its source's file, line and column. */
export async function mapStack(stack: string): Promise<string> {
  if (!stack) return stack;
  const frames = parseStack(stack);
  if (frames.length === 0) return stack;
  const header = stack
    .split("\n")
    .filter((line) => !/^\s*at |@/.test(line))
    .slice(0, 1);
  const lines = frames
    .slice(0, 50)
    .map(
      (frame) =>
        mapFrame(frame) ??
        `    at ${frame.fn} (${frame.file}${frame.line !== null ? `:${frame.line}` : ""}${frame.column !== null ? `:${frame.column}` : ""})`,
    );
  return [...header, ...lines].join("\n");
}
