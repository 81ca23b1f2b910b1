import { describe, expect, it } from "vitest";
import { readingMinutes, readingTimeLabel, wordCount, WORDS_PER_MINUTE } from "./reading-time";

describe("reading time", () => {
  it("counts words, not markup or link addresses", () => {
    expect(wordCount("## The plan\n\nMeet at **eight**, [here](https://example.com/a/b/c).")).toBe(6);
    expect(wordCount("Sydney's rooftop-bar list")).toBe(3);
    expect(wordCount("```\nconst a = 1;\n```\nOne")).toBe(1);
  });

  it("rounds to whole minutes at the one stated rate, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(WORDS_PER_MINUTE * 3))).toBe(3);
    expect(readingMinutes("word ".repeat(Math.round(WORDS_PER_MINUTE * 4.4)))).toBe(4);
    expect(readingTimeLabel(5)).toBe("5 min read");
  });
});
