import { describe, expect, it } from "vitest";
import { routeClass } from "./route-class";

describe("routeClass", () => {
  it.each([
    ["/assets/app-1234.js", "asset"],
    ["/favicon.ico", "asset"],
    ["/metrics", "operations"],
    ["/api/admin/posts", "admin-api"],
    ["/api/contact", "api"],
    ["/admin", "admin"],
    ["/sitemap.xml", "crawler-file"],
    ["/sitemap/2.xml", "crawler-file"],
    ["/llms.txt", "crawler-file"],
    ["/blog/hello.md", "crawler-file"],
    ["/blog/rss.xml", "crawler-file"],
    ["/blog/hello", "blog"],
    ["/", "page"],
    ["/venue-map", "page"],
  ])("%s is %s", (path, expected) => {
    expect(routeClass(path)).toBe(expected);
  });
});
