import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

/**
 * app/routes.ts is the one list of the site's addresses, and app/routes/ holds each feature's HTTP surface in a
 * folder named for the feature (docs/decisions/0035-routes-by-feature.md). This keeps the two from drifting.
 */
type RouteEntry = { file: string; children?: RouteEntry[] };
const APP = path.resolve(import.meta.dirname);
const declared = (entries: RouteEntry[]): string[] => entries.flatMap((e) => [e.file, ...declared(e.children ?? [])]);
const modulesUnder = (dir: string): string[] =>
  fs.readdirSync(path.join(APP, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "+types" ? [] : modulesUnder(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
// Folders of app/routes that are not a feature's: the site's content pages with their layout, and the
// dashboard that composes every feature's admin panel.
const NOT_FEATURES = new Set(["_marketing", "admin"]);

describe("the route list (app/routes.ts)", () => {
  const files = new Set(declared(routes as RouteEntry[]));
  const modules = modulesUnder("routes");

  it("names only modules that exist", () => {
    for (const file of files) expect(fs.existsSync(path.join(APP, file)), file).toBe(true);
  });

  it("names every route module there is: none is left unreachable", () => {
    expect(modules.filter((m) => !files.has(m))).toEqual([]);
  });

  it("keeps each feature's routes in a folder named for the feature", () => {
    for (const module of modules) {
      const folder = module.split("/")[1]!;
      if (!module.slice("routes/".length).includes("/") || NOT_FEATURES.has(folder)) continue;
      expect(fs.existsSync(path.join(APP, folder)), `${module}: app/${folder}/ is no feature`).toBe(true);
    }
  });
});
