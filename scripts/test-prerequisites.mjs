// What the suites need from the machine beyond npm's packages, checked before anything runs (`npm test` and
// `.ci/run` both start here): Debian's Chromium for the browser tests, xmllint to validate the sitemap, nginx
// and openssl for the deploy/ recipes' tests, Varnish with its xkey module for deploy/varnish/'s, faketime for
// the clock-skew test. Where this process may install packages (root with apt-get, as on CI and a fresh
// container) it installs what is missing; elsewhere it names the one command to type and stops, rather than
// letting a dozen tests fail later with four different messages.
import { spawnSync } from "node:child_process";

/** Each command the suites run, and the Debian package that brings it. */
export const PREREQUISITES = [
  { command: "chromium", pkg: "chromium", why: "the browser tests" },
  // Its headless build runs the browser tests with a quarter less CPU (decision 0098); installed where Debian has
  // it, the full browser standing in where it does not (playwright.config.ts).
  { command: "chromium-headless-shell", pkg: "chromium-headless-shell", why: "the browser tests, lighter", optional: true },
  { command: "xmllint", pkg: "libxml2-utils", why: "the sitemap's schema check" },
  { command: "nginx", pkg: "nginx", why: "the deploy/ recipe tests" },
  { command: "openssl", pkg: "openssl", why: "the deploy/ recipe tests (TLS)" },
  { command: "faketime", pkg: "faketime", why: "the clock-skew test" },
  { command: "varnishd", pkg: "varnish", why: "the Varnish recipe's test (deploy/varnish/)" },
  // The xkey module (no command of its own): Varnish's purges by the site's Surrogate-Key.
  { check: "ls /usr/lib/*/varnish/vmods/libvmod_xkey.so", pkg: "varnish-modules", why: "the Varnish recipe's purges (xkey)" },
];

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const present = (p) => (p.check ? spawnSync("sh", ["-c", p.check], { stdio: "ignore" }).status === 0 : has(p.command));

/** The packages of the commands this machine lacks. */
export function missingPackages(prerequisites = PREREQUISITES) {
  return prerequisites.filter((p) => !present(p)).map((p) => p.pkg);
}

/** Installs what is missing where it can; returns the required packages still missing. */
export function ensurePrerequisites({ log = console.log } = {}) {
  const required = PREREQUISITES.filter((p) => !p.optional);
  const optional = PREREQUISITES.filter((p) => p.optional);
  // An optional package is asked for only where this machine's package lists know it: with every required one
  // present and the optional one absent from this Debian release, no run pays for an `apt-get update`.
  const offered = (pkg) => spawnSync("apt-cache", ["show", pkg], { stdio: "ignore" }).status === 0;
  const missing = [...missingPackages(required), ...missingPackages(optional).filter(offered)];
  if (missing.length === 0) return [];
  const canInstall = process.getuid?.() === 0 && has("apt-get");
  if (canInstall) {
    log(`--- installing from Debian for the tests: ${missing.join(" ")}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const quietly = { stdio: ["ignore", "ignore", "inherit"], env };
    const install = (pkgs, stdio = quietly) =>
      spawnSync("apt-get", ["install", "-y", "-qq", "-o", "DPkg::Lock::Timeout=600", ...pkgs], stdio);
    spawnSync("apt-get", ["update", "-qq"], quietly);
    const requiredMissing = missingPackages(required);
    if (requiredMissing.length > 0) install(requiredMissing);
    // An optional package one at a time and silently: a Debian release without it fails nothing.
    for (const pkg of missingPackages(optional)) install([pkg], { stdio: "ignore", env });
  }
  const still = missingPackages(required);
  if (still.length > 0) {
    log(`The tests need Debian packages this machine lacks; install them once with: sudo apt-get install -y ${still.join(" ")}`);
  }
  return still;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(ensurePrerequisites().length === 0 ? 0 : 1);
}
