import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { makeTempDir, ROOT } from "./test-server";
import { waitFor } from "./eventually";

/**
 * Ghost's Eleventy starter (github.com/TryGhost/eleventy-starter-ghost, MIT), vendored unchanged in
 * tests/vendor/eleventy-starter-ghost/ (but for its .env: its site address and key come from the environment), installed from the npm registry once per run and built against a
 * test site (decision record 0054). The install differs from the starter's own in two ways, both forced
 * by where CI runs, neither touching the vendored files: its yarn.lock is left out (it names
 * @tryghost/helpers@1.1.100, which the registry no longer has), and `eleventy-plugin-lazyimages`, which the
 * starter takes from GitHub (CI reaches only npm), comes from its npm release. Dev dependencies (its
 * linter) are not installed. The versions are fixed by a lockfile kept beside this module
 * (eleventy-starter.package-lock.json, made once with `npm install --package-lock-only --omit=dev` on that
 * manifest): the run installs them with `npm ci`, from npm's cache where it has them, and never resolves a
 * version at test time (issue 48).
 */
const LOCKFILE = path.join(ROOT, "tests/support/eleventy-starter.package-lock.json");
const STARTER = path.join(ROOT, "tests/vendor/eleventy-starter-ghost");
const run = promisify(execFile);
const INSTALL_LIMIT_MS = 10 * 60_000;
const BUILD_LIMIT_MS = 5 * 60_000;

function installManifest(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(STARTER, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies?: unknown;
  };
  manifest.dependencies["eleventy-plugin-lazyimages"] = "^2.1.2";
  delete manifest.devDependencies;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The folder holding the starter's node_modules: installed by the first caller of the run (the PGlite and
 * the PostgreSQL projects run side by side; a directory made atomically decides who installs, the other waits).
 */
async function installedStarter(): Promise<string> {
  const manifest = installManifest();
  const lockfile = fs.readFileSync(LOCKFILE, "utf8");
  const dir = path.join(
    os.tmpdir(),
    `clink-eleventy-starter-${createHash("sha256").update(manifest).update(lockfile).digest("hex").slice(0, 12)}`,
  );
  const done = path.join(dir, ".installed");
  const lock = `${dir}.lock`;
  while (!fs.existsSync(done)) {
    let mine = false;
    try {
      fs.mkdirSync(lock);
      mine = true;
    } catch {
      await waitFor(
        () => fs.existsSync(done) || !fs.existsSync(lock),
        `the starter's install by another worker (${lock})`,
        INSTALL_LIMIT_MS,
      );
    }
    if (!mine) continue;
    try {
      if (fs.existsSync(done)) break;
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "package.json"), manifest);
      fs.writeFileSync(path.join(dir, "package-lock.json"), lockfile);
      await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--omit=dev"], {
        cwd: dir,
        timeout: INSTALL_LIMIT_MS,
        maxBuffer: 16 * 1024 * 1024,
      });
      fs.writeFileSync(done, new Date().toISOString());
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** Builds a fresh copy of the starter against `siteUrl` with `key` (what its .env names); answers its dist/ folder and its output. */
export async function buildStarter(siteUrl: string, key: string): Promise<{ dist: string; output: string }> {
  const installed = await installedStarter();
  const work = makeTempDir("eleventy");
  fs.cpSync(STARTER, work, { recursive: true, filter: (source) => path.basename(source) !== "yarn.lock" });
  fs.symlinkSync(path.join(installed, "node_modules"), path.join(work, "node_modules"), "dir");
  // Its own build script (cross-env ELEVENTY_ENV=prod eleventy); the environment wins over its .env.
  const { stdout, stderr } = await run("npm", ["run", "build"], {
    cwd: work,
    timeout: BUILD_LIMIT_MS,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, GHOST_API_URL: siteUrl, GHOST_CONTENT_API_KEY: key, SITE_URL: siteUrl, NODE_ENV: "production" },
  });
  return { dist: path.join(work, "dist"), output: `${stdout}\n${stderr}` };
}
