import { describe, expect, it } from "vitest";
import { commonestSpelling, tagSlug, tagUpdateSchema, uniqueTags } from "./tags";

describe("tags", () => {
  it("gives tags that differ only in capitals or accents one slug", () => {
    expect(tagSlug("Events")).toBe("events");
    expect(tagSlug(" events ")).toBe("events");
    expect(tagSlug("Café & Bars")).toBe("cafe-and-bars");
    expect(tagSlug("Sydney's best")).toBe("sydneys-best");
    expect(tagSlug("!!!")).toBe("");
  });

  it("lists a post's tags once each, named by the tag's record when it has one", () => {
    expect(uniqueTags(["Events", "events", "Rooftops", "???"])).toEqual([
      { slug: "events", name: "Events" },
      { slug: "rooftops", name: "Rooftops" },
    ]);
    expect(uniqueTags(["events"], (slug) => (slug === "events" ? "Events" : undefined))).toEqual([{ slug: "events", name: "Events" }]);
  });

  it("names a tag without a record as most posts write it", () => {
    expect(
      commonestSpelling(
        new Map([
          ["events", 1],
          ["Events", 3],
        ]),
      ),
    ).toBe("Events");
    expect(
      commonestSpelling(
        new Map([
          ["events", 2],
          ["Events", 1],
        ]),
      ),
    ).toBe("events");
    expect(
      commonestSpelling(
        new Map([
          ["events", 1],
          ["Events", 1],
        ]),
      ),
    ).toBe("Events");
  });

  it("refuses an empty change or a name without letters", () => {
    expect(tagUpdateSchema.safeParse({}).success).toBe(false);
    expect(tagUpdateSchema.safeParse({ name: "--" }).success).toBe(false);
    expect(tagUpdateSchema.safeParse({ description: "Nights out." }).success).toBe(true);
  });
});
