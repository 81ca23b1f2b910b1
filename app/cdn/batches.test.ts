import { describe, expect, it } from "vitest";
import { batches, retryAfterMs } from "./batches";

describe("purge batches", () => {
  it("split tags into calls of at most the target's size", () => {
    const tags = Array.from({ length: 65 }, (_, i) => `post-${i}`);
    expect(batches(tags, 30).map((b) => b.length)).toEqual([30, 30, 5]);
    expect(batches([], 30)).toEqual([]);
  });

  it("read Retry-After as seconds or a date", () => {
    expect(retryAfterMs("2")).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});
