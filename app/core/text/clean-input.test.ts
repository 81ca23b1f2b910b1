import { describe, expect, it } from "vitest";
import { decodeComponent, isDateInRange, oneLine, requestTargetProblem, uncleanTextProblem } from "./clean-input";

describe("clean input", () => {
  it("folds every line break and separator of a one-line field to a space", () => {
    expect(oneLine(" Launch\r\nnight\u2028in\u0085Berlin\u2029now\t\u000b! ")).toBe("Launch night in Berlin now !");
  });

  it("refuses NUL and lone surrogates anywhere in a body, keys included, but keeps paired surrogates", () => {
    expect(uncleanTextProblem({ a: ["ok", { b: "emoji 🍺" }] })).toBeNull();
    expect(uncleanTextProblem({ a: "x\u0000y" })).toMatch(/not allowed/);
    expect(uncleanTextProblem(["\uD800"])).toMatch(/not allowed/);
    expect(uncleanTextProblem({ "\uDC00": 1 })).toMatch(/not allowed/);
    expect(uncleanTextProblem("a\uD83C")).toMatch(/not allowed/);
  });

  it("refuses bodies nested past any real form", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(uncleanTextProblem(deep)).toMatch(/nested/);
  });

  it("checks every path segment and query value of a request target", () => {
    expect(requestTargetProblem("/search?q=caf%C3%A9+bar&x")).toBeNull();
    expect(requestTargetProblem("/search?q=%00")).toMatch(/malformed/);
    expect(requestTargetProblem("/search?q=%E0%A4%A")).toMatch(/malformed/);
    expect(requestTargetProblem("/search?q=%ED%A0%80")).toMatch(/malformed/);
    expect(requestTargetProblem("/blog/%E0%A4%A")).toMatch(/malformed/);
    expect(decodeComponent("%41%42")).toBe("AB");
  });

  it("accepts dates from year 1 to 9999 only", () => {
    expect(isDateInRange(new Date("2026-01-01T00:00:00Z"))).toBe(true);
    expect(isDateInRange(new Date("0000-01-01T00:00:00Z"))).toBe(false);
    expect(isDateInRange(new Date("+275760-09-13T00:00:00Z"))).toBe(false);
    expect(isDateInRange(new Date("nonsense"))).toBe(false);
  });
});
