import { execFileSync } from "node:child_process";

declare const __CLINK_RELEASE__: string | undefined;

/**
 * The release this server runs: CLINK_RELEASE when the deploy sets it, else the commit the build was made
 * from (vite.config.ts writes it into the build), else the checkout's commit (development), else "dev".
 * Errors are counted per release (app/errors), and a resolved issue seen again in another release reopens.
 */
function findRelease(): string {
  const given = process.env.CLINK_RELEASE?.trim();
  if (given) return given.slice(0, 64);
  if (typeof __CLINK_RELEASE__ === "string" && __CLINK_RELEASE__) return __CLINK_RELEASE__;
  try {
    return (
      execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || "dev"
    );
  } catch {
    return "dev";
  }
}

let release: string | undefined;
export function currentRelease(): string {
  release ??= findRelease();
  return release;
}
