// Module hooks (node:module `register`), on the loader's own thread: each resolved URL is appended as it resolves.
import fs from "node:fs";

let file = "";

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  try {
    fs.appendFileSync(file, `${resolved.url}\n`);
  } catch {
    // The test has read the log and removed it: what loads later is not its question, and must still load.
  }
  return resolved;
}
