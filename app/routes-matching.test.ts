// The site's own routes (app/routes.ts) against the matcher of app/core/http/page-handle.ts: it lives beside the
// routes, since app/core knows no feature.
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import siteRoutes from "./routes";
import { routesByFirstSegment } from "./core/http/page-handle";

type Entry = { file: string; id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Entry[] };

// The site's own route tree, as the server build has it: everything under the root route.
let count = 0;
const toRouteObject = (entry: Entry): RouteObject =>
  ({
    id: `${entry.id ?? entry.file}#${count++}`,
    path: entry.path,
    index: entry.index,
    caseSensitive: entry.caseSensitive,
    children: entry.children?.map(toRouteObject),
  }) as RouteObject;
const roots: RouteObject[] = [{ id: "root", path: "", children: (siteRoutes as Entry[]).map(toRouteObject) }];

function fullPaths(routes: RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const here = [parent, route.path ?? ""].filter(Boolean).join("/");
    return [here, ...fullPaths(route.children ?? [], here)];
  });
}

const ids = (routes: RouteObject[], pathname: string) => (matchRoutes(routes, pathname) ?? []).map((m) => m.route.id);

describe("routesByFirstSegment", () => {
  const routesFor = routesByFirstSegment(roots);
  const samples = [
    ...new Set(
      fullPaths(roots).flatMap((path) => {
        const filled = `/${path.replace(/:\w+/g, "x1").replace(/\*$/, "a/b.png")}`;
        return [filled, filled.toUpperCase(), `${filled}/`, `${filled}/extra`, filled.replace(/x1/g, "%41")];
      }),
    ),
    "/",
    "",
    "//blog",
    "/blog//x",
    "/BLOG/Hello",
    "/\\\\evil.example",
    "/no-such-page",
    "/no-such-page.md",
    "/about.md",
    "/blog/some-post.md",
    "/abc.txt",
    "/ghost/api/v5/content/posts/",
    "/content/images/size/w600/x.png",
    "/%62log",
    "/🍺",
    "/.well-known/unknown",
  ];

  it("matches every address exactly as matching the whole tree does", () => {
    expect(samples.length).toBeGreaterThan(500);
    for (const pathname of samples) expect(ids(routesFor(pathname), pathname), pathname).toEqual(ids(roots, pathname));
  });

  it("gives an address a small part of the tree", () => {
    const size = (routes: RouteObject[]): number => routes.reduce((n, r) => n + 1 + size(r.children ?? []), 0);
    expect(size(routesFor("/about"))).toBeLessThan(size(roots) / 4);
    expect(routesFor("/%61bout")).toBe(roots);
  });
});
