import fs from "node:fs";
import path from "node:path";

/** Share of the file system holding `folder` that is used (0..1); a folder not made yet counts as its parent. */
export function diskUse(folder: string): number | null {
  let dir = path.resolve(folder);
  while (!fs.existsSync(dir)) dir = path.dirname(dir);
  const stats = fs.statfsSync(dir);
  return stats.blocks > 0 ? 1 - stats.bavail / stats.blocks : null;
}
