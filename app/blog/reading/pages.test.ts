import { describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE, lastPageOf, pageNumberFrom, pagePath, pageSlice, pageTitle } from "./pages";

describe("numbered pages", () => {
  it("reads only page numbers that can exist from the address", () => {
    expect(pageNumberFrom(undefined)).toBe(1);
    expect(pageNumberFrom("2")).toBe(2);
    for (const bad of ["1", "0", "02", "-1", "2.5", "abc", "9999999", ""]) expect(pageNumberFrom(bad)).toBeNull();
  });

  it("slices a fixed size and has no page past the last", () => {
    const items = Array.from({ length: BLOG_PAGE_SIZE * 2 + 1 }, (_, i) => i);
    expect(lastPageOf(items.length)).toBe(3);
    expect(lastPageOf(0)).toBe(1);
    expect(pageSlice(items, 3)).toEqual({ items: [BLOG_PAGE_SIZE * 2], page: 3, lastPage: 3, total: items.length });
    expect(pageSlice(items, 4)).toBeNull();
    expect(pageSlice([], 1)).toEqual({ items: [], page: 1, lastPage: 1, total: 0 });
  });

  it("names each page's address and title", () => {
    expect(pagePath("/blog", 1)).toBe("/blog");
    expect(pagePath("/blog/tag/events", 2, "?q=x")).toBe("/blog/tag/events/page/2?q=x");
    expect(pageTitle("Blog", 1)).toBe("Blog");
    expect(pageTitle("Blog", 2)).toBe("Blog — page 2");
  });
});
