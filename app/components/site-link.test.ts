import { describe, expect, it } from "vitest";
import { isActivePath } from "./site-link";

describe("isActivePath (NavLink's rule, for plain pages)", () => {
  it("marks the page itself and the pages below it", () => {
    expect(isActivePath("/blog", "/blog", false)).toBe(true);
    expect(isActivePath("/blog/a-post", "/blog", false)).toBe(true);
    expect(isActivePath("/BLOG", "/blog", false)).toBe(true);
  });
  it("does not mark a path that only starts with the same letters", () => {
    expect(isActivePath("/blogroll", "/blog", false)).toBe(false);
    expect(isActivePath("/faq", "/blog", false)).toBe(false);
  });
  it("with end, marks only the page itself (Home is not current everywhere)", () => {
    expect(isActivePath("/", "/", true)).toBe(true);
    expect(isActivePath("/about", "/", true)).toBe(false);
    expect(isActivePath("/blog/a-post", "/blog", true)).toBe(false);
  });
});
