import { describe, expect, it } from "vitest";
import { MAX_INT4, rowIdFrom } from "./row-id";

describe("rowIdFrom", () => {
  it("reads a positive whole number of digits up to the integer column's limit", () => {
    expect(rowIdFrom("1")).toBe(1);
    expect(rowIdFrom("0042")).toBe(42);
    expect(rowIdFrom(String(MAX_INT4))).toBe(MAX_INT4);
  });

  it("is null for anything else: empty, zero, signs, spaces, exponents, hex, past the limit", () => {
    for (const text of [
      undefined,
      null,
      "",
      "0",
      "-3",
      "+3",
      " 3",
      "3 ",
      "1e3",
      "0x10",
      "3.0",
      "twelve",
      String(MAX_INT4 + 1),
      "99999999999",
      "٣",
    ])
      expect(rowIdFrom(text), String(text)).toBeNull();
  });
});
