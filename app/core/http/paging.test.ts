import { describe, expect, it } from "vitest";
import { pageNumberSchema, pageOf, searchTextSchema } from "./paging";

describe("admin paging", () => {
  it("slices a page and clamps one past the end to the last", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 2, 20)).toMatchObject({ items: items.slice(20, 40), total: 45, page: 2, pageCount: 3 });
    expect(pageOf(items, 9, 20)).toMatchObject({ items: items.slice(40), page: 3 });
    expect(pageOf([], 1, 20)).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });
  it("reads odd query values as the defaults", () => {
    expect(pageNumberSchema.parse("3")).toBe(3);
    for (const bad of ["0", "-1", "x", "1.5", undefined]) expect(pageNumberSchema.parse(bad)).toBe(1);
    expect(searchTextSchema.parse("  bars ")).toBe("bars");
    expect(searchTextSchema.parse(undefined)).toBe("");
  });
});
