import { describe, expect, it } from "vitest";
import { FilterError, matchesGhostFilter, parseGhostFilter, type GhostFilterPost } from "./ghost-filter";

const post: GhostFilterPost = { id: "7", slug: "hello", tags: ["bars", "nyc"], authors: ["ana"], featured: false, publishedAt: Date.parse("2026-05-01T12:00:00Z") };
const matches = (filter: string) => matchesGhostFilter(parseGhostFilter(filter), post);

describe("Ghost filter subset", () => {
  it("matches tags, authors, featured and slugs, with lists and negation", () => {
    expect(matches("tag:bars")).toBe(true);
    expect(matches("tag:wine")).toBe(false);
    expect(matches("tags.slug:[wine,nyc]")).toBe(true);
    expect(matches("tag:-bars")).toBe(false);
    expect(matches("primary_tag:bars")).toBe(true);
    expect(matches("primary_tag:nyc")).toBe(false);
    expect(matches("author:ana+featured:false")).toBe(true);
    expect(matches("featured:true")).toBe(false);
    expect(matches("slug:'hello'")).toBe(true);
    expect(matches("id:7")).toBe(true);
  });

  it("compares publish dates in Ghost's two spellings", () => {
    expect(matches("published_at:>'2026-04-30 23:00:00'")).toBe(true);
    expect(matches("published_at:>'2026-05-01T12:00:00Z'")).toBe(false);
    expect(matches("published_at:>='2026-05-01T12:00:00Z'")).toBe(true);
    expect(matches("published_at:<'2026-05-01'")).toBe(false);
  });

  it("binds '+' tighter than ','", () => {
    expect(matches("tag:wine+author:ana,slug:hello")).toBe(true);
    expect(matches("tag:wine+author:ana,slug:other")).toBe(false);
  });

  it.each(["", "tag", "tag:", "title:x", "tag:bars+", "(tag:bars)", "tag:[a,b", "featured:maybe", "tag:>a", "published_at:>'no date'", "tag:'open", "x".repeat(1001)])(
    "refuses %j",
    (filter) => expect(() => parseGhostFilter(filter)).toThrow(FilterError),
  );
});
