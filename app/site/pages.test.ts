import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { siteConfig } from "./config";
import { INDEXABLE_PAGES, SITE_PAGES, sitePage } from "./pages";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every page address the route config declares (no API, no parameters, no resources). */
function pagePaths(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix || "/" : entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    if (entry.children) return pagePaths(entry.children, entry.path === undefined ? prefix : path);
    // The admin's sections (app/routes/admin/ but its index) are registered with their titles in
    // app/admin-sections.ts's ADMIN_SECTIONS, which its own test keeps whole: not twice here.
    const adminSection = entry.file.startsWith("routes/admin/") && entry.file !== "routes/admin/index.tsx";
    const isPage = entry.file.endsWith(".tsx") && !entry.file.includes("not-found") && !adminSection;
    return isPage && !path.includes(":") && !path.includes("*") ? [path] : [];
  });
}

describe("the page registry", () => {
  it("has one entry for every page route, and none for a page that does not exist", () => {
    const declared = pagePaths(routes as RouteEntry[]).sort();
    expect(SITE_PAGES.map((page) => page.path).sort()).toEqual(declared);
  });

  it("gives each page its own title, and only the home page the brand", () => {
    const titles = SITE_PAGES.map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const page of SITE_PAGES) expect(page.title.includes(siteConfig.name), page.path).toBe(page.path === "/");
  });

  it("keeps descriptions within what search engines show", () => {
    for (const page of SITE_PAGES) {
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(50);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });

  it("offers no admin or result page to search engines", () => {
    const indexable = INDEXABLE_PAGES.map((page) => page.path);
    for (const hidden of ["/admin", "/ai-admin", "/search"]) expect(indexable).not.toContain(hidden);
    expect(indexable).toContain("/blog");
  });

  it("refuses an unknown path instead of inventing metadata", () => {
    expect(() => sitePage("/nope")).toThrow(/No page registered/);
  });
});
