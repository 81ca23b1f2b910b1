import { describe, expect, it } from "vitest";
import { newMiniSearch, toQuery } from "./post-index";
import { queryScores } from "./query-scores";
import { parseQuery } from "./text";

// A small blog with overlapping words, so that queries match posts in several groups and fields.
const WORDS = ["rooftop", "wine", "jazz", "brunch", "happy", "hour", "karaoke", "sunset", "tapas", "whisky", "trivia", "friends"];
const docs = Array.from({ length: 300 }, (_, i) => {
  const w = (k: number) => WORDS[(i * k + k) % WORDS.length]!;
  return {
    id: i + 1,
    title: `${w(7)} and ${w(5)} night ${i}`,
    meta: `A guide to ${w(3)} with ${w(11)} ${i % 4 === 0 ? w(2) : ""}`,
    body: `Post ${i} talks about ${w(7)}, ${w(13)} and ${w(1)}. ${i % 3 === 0 ? `${w(5)} ${w(5)} again.` : ""}`,
  };
});
const BOOST = { title: 5, meta: 2, body: 1 };

describe("queryScores", () => {
  const index = newMiniSearch<(typeof docs)[number]>(["title", "meta", "body"]);
  index.addAll(docs);
  // Each term's own scores, as the post index takes them.
  const scoresOf = (term: string) => new Map(index.search(term, { boost: BOOST }).map((r) => [r.id as number, r.score]));

  const QUERIES = [
    "rooftop",
    "rooftop wine",
    "rooftop or 12",
    "wine or jazz or brunch",
    "happy hour or happy jazz",
    "jazz -wine",
    "wine or jazz -karaoke",
    '"happy hour" or tapas',
    "wine wine",
    "sunset whisky trivia",
    "nothing-like-this",
    "friends or nothing-like-this",
    "rooftop or rooftop wine",
    "trivia -trivia or friends",
    "rooftop or rooftop",
    "jazz or wine or jazz wine",
  ];

  it.each(QUERIES)("gives the same posts and the same scores as MiniSearch's own search for %s", (query) => {
    const parsed = parseQuery(query);
    const expected = new Map(index.search(toQuery(parsed), { boost: BOOST }).map((r) => [r.id as number, r.score]));
    const actual = queryScores(parsed, scoresOf);
    expect([...actual.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    for (const [id, score] of expected) expect(actual.get(id), `post ${id}`).toBe(score);
  });

  it("matches posts in several groups once, their words counted once (the quality MiniSearch multiplies by)", () => {
    const parsed = parseQuery("rooftop or rooftop wine");
    expect(queryScores(parsed, scoresOf).size).toBe(new Set(index.search("rooftop").map((r) => r.id)).size);
  });
});
