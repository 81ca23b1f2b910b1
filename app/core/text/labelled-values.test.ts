import { describe, expect, it } from "vitest";
import { z } from "zod";
import { labelledValues } from "./labelled-values";

describe("labelledValues", () => {
  const sizes = labelledValues({ small: "Small", "extra-large": "Extra large", medium: "Medium" });

  it("lists the values in the object's order, with their labels", () => {
    expect(sizes.values).toEqual(["small", "extra-large", "medium"]);
    expect(sizes.values.map((v) => sizes.labels[v])).toEqual(["Small", "Extra large", "Medium"]);
  });

  it("knows its own values and nothing else, inherited names included", () => {
    expect(["small", "medium", "large", "toString", "__proto__", 1, null].filter(sizes.is)).toEqual(["small", "medium"]);
  });

  it("gives z.enum the same values", () => {
    const schema = z.enum(sizes.values);
    expect(schema.parse("extra-large")).toBe("extra-large");
    expect(schema.safeParse("large").success).toBe(false);
  });
});
