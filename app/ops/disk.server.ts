import fs from "node:fs";
import { existingFolder } from "~/core/instance/disk-space.server";

/** Share of the file system holding `folder` that is used (0..1); a folder not made yet counts as its parent. */
export function diskUse(folder: string): number | null {
  const stats = fs.statfsSync(existingFolder(folder));
  return stats.blocks > 0 ? 1 - stats.bavail / stats.blocks : null;
}
