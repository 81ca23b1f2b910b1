import fs from "node:fs";
import path from "node:path";

/** Where the built site's public files are (what Express serves at /images/…, /favicon.ico, …). */
const CLIENT_DIR = path.resolve("build/client");

/** The file on disk a site address names, or null when the address would leave the public folder. */
export function siteFilePath(url: string): string | null {
  const local = path.resolve(CLIENT_DIR, `.${url.split(/[?#]/)[0]}`);
  return local.startsWith(CLIENT_DIR + path.sep) ? local : null;
}

/** The bytes of one of the site's public files, or null when there is no such file. */
export async function readSiteFile(url: string): Promise<Buffer | null> {
  const local = siteFilePath(url);
  if (!local) return null;
  try {
    return await fs.promises.readFile(local);
  } catch {
    return null;
  }
}
