import { describe, expect, it } from "vitest";
import { FilterError, TAG_FILTER_KEYS, matchesGhostFilter, parseGhostFilter, type FilterSubject } from "./ghost-filter";

const post: FilterSubject = {
  id: "7",
  slug: "hello",
  title: "Hello Bars",
  tags: ["bars", "nyc"],
  primary_tag: "bars",
  authors: ["ana"],
  primary_author: "ana",
  featured: false,
  visibility: "public",
  status: "published",
  published_at: Date.parse("2026-05-01T12:00:00Z"),
};
const matches = (filter: string) => matchesGhostFilter(parseGhostFilter(filter), post);

describe("Ghost filters (NQL)", () => {
  it("matches tags, authors, featured and slugs, with Ghost's expansions, lists and negation", () => {
    expect(matches("tag:bars")).toBe(true);
    expect(matches("tag:wine")).toBe(false);
    expect(matches("tags:[wine,nyc]")).toBe(true);
    expect(matches("tags.slug:[wine,nyc]")).toBe(true);
    expect(matches("tag:-bars")).toBe(false);
    expect(matches("primary_tag:bars")).toBe(true);
    expect(matches("primary_tag:nyc")).toBe(false);
    expect(matches("authors:ana+featured:false")).toBe(true);
    expect(matches("author:ana+featured:false")).toBe(true);
    expect(matches("featured:true")).toBe(false);
    expect(matches("visibility:public+status:published")).toBe(true);
    expect(matches("visibility:paid")).toBe(false);
    expect(matches("slug:'hello'")).toBe(true);
    expect(matches("slug:[other,hello]")).toBe(true);
    expect(matches("id:7")).toBe(true);
    expect(matches("id:-7")).toBe(false);
    expect(matches("id:-[8,9]")).toBe(true);
    expect(matches("title:~'bars'+title:~^'hello'+title:~$'ars'")).toBe(true);
  });

  it("compares dates in Ghost's spellings, relative ones included", () => {
    expect(matches("published_at:>'2026-04-30 23:00:00'")).toBe(true);
    expect(matches("published_at:>'2026-05-01T12:00:00Z'")).toBe(false);
    expect(matches("published_at:>='2026-05-01T12:00:00Z'")).toBe(true);
    expect(matches("published_at:<'2026-05-01'")).toBe(false);
    expect(matches("published_at:<now")).toBe(Date.now() > Date.parse("2026-05-01T12:00:00Z"));
    expect(matches("published_at:<now-100000d")).toBe(false);
  });

  it("binds '+' tighter than ',' and reads groups in parentheses", () => {
    expect(matches("tag:wine+author:ana,slug:hello")).toBe(true);
    expect(matches("tag:wine+author:ana,slug:other")).toBe(false);
    expect(matches("(tag:wine,tag:bars)+author:ana")).toBe(true);
    expect(matches("(tag:wine,tag:gin)+author:ana")).toBe(false);
  });

  it("reads each resource's own keys", () => {
    const tag = { id: "t1", slug: "guides", name: "Guides", visibility: "public" };
    expect(matchesGhostFilter(parseGhostFilter("visibility:public", TAG_FILTER_KEYS), tag)).toBe(true);
    expect(matchesGhostFilter(parseGhostFilter("slug:[guides,roundup]", TAG_FILTER_KEYS), tag)).toBe(true);
    expect(() => parseGhostFilter("tag:guides", TAG_FILTER_KEYS)).toThrow(FilterError);
  });

  it.each([
    "",
    "tag",
    "tag:",
    "nosuch:x",
    "tag:bars+",
    "(tag:bars",
    "tag:bars)",
    "tag:[a,b",
    "featured:maybe",
    "tag:>a",
    "tag:~a",
    "published_at:>'no date'",
    "tag:'open",
    "(".repeat(20),
    "x".repeat(1001),
  ])("refuses %j", (filter) => expect(() => parseGhostFilter(filter)).toThrow(FilterError));
});
