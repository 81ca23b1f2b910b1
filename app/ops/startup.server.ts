import path from "node:path";
import type { Env } from "~/core/env.server";
import { writeLocalToken } from "./local-token.server";

/** Operations at start: the data folder's token for `npm run backup` (PGlite only: its folder is held by this process). */
export async function startOps(env: Env): Promise<void> {
  if (!env.DATABASE_URL) writeLocalToken(path.resolve(env.DATA_DIR));
}
