import { timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * A secret the running server keeps in its data folder (readable by its own user only), so a command on
 * the same machine (`npm run backup` while the server holds PGlite's folder) proves it may ask for a backup.
 */
const FILE = "ops.token";

/** The header that carries the token from the command to the server (app/ops/http.server.ts). */
export const LOCAL_TOKEN_HEADER = "x-clink-ops-token";

export function writeLocalToken(dataDir: string): string {
  const token = newSecretToken();
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FILE);
  fs.writeFileSync(`${file}.tmp`, token, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  current = token;
  return token;
}

let current: string | undefined;

export function readLocalToken(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, FILE), "utf8").trim();
  } catch {
    return undefined;
  }
}

export function isLocalToken(given: string | undefined): boolean {
  if (!current || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(current);
  return a.length === b.length && timingSafeEqual(a, b);
}
