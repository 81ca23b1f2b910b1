import { describe, expect, it } from "vitest";
import { anyWordQuery } from "./query";

describe("anyWordQuery", () => {
  it("joins two or more plain words with or", () => {
    expect(anyWordQuery("rooftop karaoke")).toBe("rooftop or karaoke");
    expect(anyWordQuery("  wine   bars  sydney ")).toBe("wine or bars or sydney");
    expect(anyWordQuery("café bière")).toBe("café or bière");
    expect(anyWordQuery("pub-crawl sydney")).toBe("pub-crawl or sydney");
  });

  it("leaves one word, phrases, exclusions and the searcher's own or alone", () => {
    expect(anyWordQuery("rooftop")).toBeNull();
    expect(anyWordQuery('"happy hour" sydney')).toBeNull();
    expect(anyWordQuery("bars -karaoke")).toBeNull();
    expect(anyWordQuery("wine or beer")).toBeNull();
  });

  it("ignores lone punctuation", () => {
    expect(anyWordQuery("wine & !")).toBeNull();
    expect(anyWordQuery("wine & beer")).toBe("wine or beer");
  });
});
