import { describe, expect, it } from "vitest";
import { MAX_TAGS, MIN_TAGS, stem, suggestTags } from "./tag-suggestions";

const corpus = [
  { text: "Friday night drinks with friends at the pub. Great night out with drinks and friends.", tags: ["nightlife", "friends"] },
  { text: "How to make friends over drinks on a night out in a new city.", tags: ["making friends", "travel"] },
  { text: "Our favourite cocktail recipes for a night in with friends and drinks.", tags: ["cocktails"] },
  { text: "Safety tips for a night out: drinks, friends and getting home.", tags: ["safety"] },
];

const rooftop = {
  title: "The best rooftop bars in Sydney",
  excerpt: "Our pick of Sydney rooftop bars with harbour views for a night of drinks with friends.",
  content: `Sydney is made for rooftop bars. On a warm evening nothing beats harbour views and a cold drink.
  Our favourite rooftop bars in Sydney serve great cocktails, and most have happy hour deals before 6 pm.
  Book ahead on Fridays: rooftop bars fill up fast. The harbour views are worth it.`,
  category: "nightlife",
};

describe("suggestTags", () => {
  it("picks the post's own topic words and phrases, not words every post uses", () => {
    const tags = suggestTags(rooftop, corpus);
    expect(tags.length).toBeGreaterThanOrEqual(MIN_TAGS);
    expect(tags.length).toBeLessThanOrEqual(MAX_TAGS);
    expect(tags).toContain("rooftop bars");
    expect(tags).toContain("sydney");
    expect(tags).toContain("harbour views");
    expect(tags).not.toContain("night");
    expect(tags).not.toContain("friends");
    expect(tags).not.toContain("drinks");
    expect(tags).not.toContain("the");
  });

  it("reuses tags other posts already have when their words appear", () => {
    const tags = suggestTags(rooftop, corpus);
    expect(tags).toContain("cocktails");
  });

  it("does not repeat a phrase's own words as separate tags", () => {
    const tags = suggestTags(rooftop, corpus);
    expect(tags).not.toContain("rooftop");
    expect(new Set(tags).size).toBe(tags.length);
  });

  it("works with no other posts", () => {
    const tags = suggestTags({
      title: "Trivia night at the Crown",
      excerpt: "Pub trivia teams wanted",
      content: "Trivia night every Tuesday. Bring a team; trivia prizes for the winners.",
      category: "events",
    });
    expect(tags[0]).toMatch(/^trivia/);
    expect(tags).toContain("crown");
    expect(tags).not.toContain("tuesday");
    expect(tags.length).toBeGreaterThanOrEqual(3);
  });

  it("suggests topics and phrases a reader would search for, not stray words", () => {
    const tags = suggestTags(
      {
        title: "Never drink alone: say hello to your local",
        excerpt: "Walk into a bar alone and leave with friends: how happy hour deals and cocktail classes help.",
        content: `Hello! Walking into a bar alone feels hard. Start with happy hour: drink specials bring people together.
        A cocktail class at Bar Luca in Melbourne is a good way to meet new people. Ask the bartender about the Negroni.
        Walk home safe: share your location with a trusted contact.`,
        category: "social",
      },
      corpus,
    );
    for (const stray of ["hello", "alone", "walk", "walking", "start", "feels"]) expect(tags).not.toContain(stray);
    expect(tags).toContain("happy hour");
    expect(tags).toContain("cocktails");
    expect(tags).toContain("melbourne");
    expect(tags.length).toBeLessThanOrEqual(MAX_TAGS);
  });

  it("ignores markdown syntax, links and code", () => {
    const tags = suggestTags({
      title: "Wine tasting",
      excerpt: "",
      content: "[click here](https://example.com/zzzlink) `const x` **wine tasting** notes",
      category: "",
    });
    expect(tags.join(" ")).not.toMatch(/zzzlink|https|const/);
    expect(tags).toContain("wine tasting");
  });

  it("merges plurals", () => {
    expect(stem("bars")).toBe("bar");
    expect(stem("parties")).toBe("party");
    expect(stem("glass")).toBe("glass");
  });
});
