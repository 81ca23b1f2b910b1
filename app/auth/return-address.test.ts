import { describe, expect, it } from "vitest";
import { safeReturnAddress } from "./return-address";

describe("return address after sign-in", () => {
  it("keeps a same-site path with its query", () => {
    expect(safeReturnAddress("/admin")).toBe("/admin");
    expect(safeReturnAddress("/blog/some-post?x=1#top")).toBe("/blog/some-post?x=1#top");
    expect(safeReturnAddress("/search?q=caf%C3%A9")).toBe("/search?q=caf%C3%A9");
  });

  it.each([
    "/\t/evil.example",
    "//evil.example",
    "/\\evil.example",
    "/a\\b",
    "/x\r\nSet-Cookie: a=b",
    "/\u00e9",
    "/a b",
    "https://evil.example",
    "evil.example",
    "",
    "/\u0000",
  ])("sends %j to /admin", (target) => {
    expect(safeReturnAddress(target)).toBe("/admin");
  });

  it("ignores what is not a string", () => {
    expect(safeReturnAddress(null)).toBe("/admin");
    expect(safeReturnAddress(undefined)).toBe("/admin");
  });
});
