import { describe, expect, it } from "vitest";
import { containsPhrase, parseQuery, shownTerms, terms, words } from "./text";

describe("terms", () => {
  it("reads words as PostgreSQL's 'english' configuration does: lower-cased, stop words out, Snowball stems", () => {
    // to_tsvector('english', ...) gives the same lexemes for these words.
    expect(terms("Running happiness, the happy cocktails generously at Rooftop bars")).toEqual([
      "run",
      "happi",
      "happi",
      "cocktail",
      "generous",
      "rooftop",
      "bar",
    ]);
    expect(terms("Whisky networking meetups in Sydney")).toEqual(["whiski", "network", "meetup", "sydney"]);
  });

  it("splits compounds and keeps numbers", () => {
    expect(terms("top-floor bar number 123")).toEqual(["top", "floor", "bar", "number", "123"]);
  });

  it("cuts a run of more than 50 letters into pieces", () => {
    expect(words("x".repeat(120)).map((w) => w.length)).toEqual([50, 50, 20]);
  });
});

describe("parseQuery (websearch syntax)", () => {
  it("needs every word", () => {
    expect(parseQuery("Rooftop cocktails")).toEqual({ groups: [{ all: ["rooftop", "cocktail"], phrases: [], none: [] }] });
  });

  it("offers alternatives with or, binding looser than the words beside it", () => {
    expect(parseQuery("rooftop bars or jazz").groups.map((g) => g.all)).toEqual([["rooftop", "bar"], ["jazz"]]);
    expect(parseQuery("or jazz or").groups.map((g) => g.all)).toEqual([["jazz"]]);
  });

  it("excludes -words and keeps quoted phrases in order", () => {
    expect(parseQuery('"happy hour" -karaoke wine')).toEqual({
      groups: [{ all: ["wine"], phrases: [["happi", "hour"]], none: ["karaok"] }],
    });
  });

  it("has nothing to search for stop words or punctuation alone", () => {
    expect(parseQuery("the and of").groups).toEqual([]);
    expect(parseQuery("!!! ???").groups).toEqual([]);
  });

  it("shows the searched words, never the excluded ones", () => {
    expect([...shownTerms(parseQuery('"happy hour" -karaoke wine or jazz'))].sort()).toEqual(["happi", "hour", "jazz", "wine"]);
  });
});

describe("containsPhrase", () => {
  it("finds the words next to each other, in order", () => {
    expect(containsPhrase(["a", "happi", "hour", "b"], ["happi", "hour"])).toBe(true);
    expect(containsPhrase(["hour", "happi"], ["happi", "hour"])).toBe(false);
    expect(containsPhrase(["happi", "b", "hour"], ["happi", "hour"])).toBe(false);
  });
});
