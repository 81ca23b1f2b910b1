import { describe, expect, it } from "vitest";
import { lengthGuidance, META_DESCRIPTION_GUIDE, META_TITLE_GUIDE, searchSnippet } from "./search-fields";

describe("search fields", () => {
  it("counts against the guide and warns past it", () => {
    expect(lengthGuidance(42, META_TITLE_GUIDE)).toEqual({ text: "42 of about 60 characters", tooLong: false });
    expect(lengthGuidance(160, META_DESCRIPTION_GUIDE)).toEqual({
      text: "160 characters: search engines may cut it after about 155",
      tooLong: true,
    });
  });

  it("falls back to the post's title and excerpt when the overrides are empty", () => {
    expect(searchSnippet({ title: "Rooftops", excerpt: "Where to drink up high", metaTitle: " ", metaDescription: null })).toEqual({
      title: "Rooftops | Blog",
      description: "Where to drink up high",
    });
    expect(searchSnippet({ title: "Rooftops", excerpt: "E", metaTitle: "Best rooftop bars", metaDescription: "Ten bars" })).toEqual({
      title: "Best rooftop bars",
      description: "Ten bars",
    });
  });
});
