import { describe, expect, it } from "vitest";
import { VersionedCache, stringBytes } from "./versioned-cache";

describe("VersionedCache", () => {
  it("serves a value only while its version is current", () => {
    const cache = new VersionedCache<string>({ maxBytes: 10_000, sizeOf: stringBytes });
    cache.set("a", "v1", "one");
    expect(cache.get("a", "v1")).toBe("one");
    expect(cache.get("a", "v2")).toBeUndefined();
    expect(cache.get("a", "v1")).toBeUndefined(); // a stale entry is dropped when seen
  });

  it("stays within its byte bound, dropping the least recently used first", () => {
    const cache = new VersionedCache<string>({ maxBytes: 1_000, sizeOf: stringBytes });
    for (const key of ["a", "b", "c"]) cache.set(key, "v", "x".repeat(100));
    cache.get("a", "v"); // a is now the most recently used
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, "v", "x".repeat(100));
    expect(cache.totalBytes).toBeLessThanOrEqual(1_000);
    expect(cache.get("b", "v")).toBeUndefined();
    cache.set("big", "v", "x".repeat(10_000)); // larger than the bound: not kept
    expect(cache.get("big", "v")).toBeUndefined();
  });

  it("makes a value once for concurrent callers", async () => {
    const cache = new VersionedCache<number>({ maxBytes: 10_000, sizeOf: () => 8 });
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    const values = await Promise.all([cache.getOrMake("k", "v", make), cache.getOrMake("k", "v", make)]);
    expect(values).toEqual([42, 42]);
    expect(made).toBe(1);
    expect(await cache.getOrMake("k", "v", make)).toBe(42);
    expect(made).toBe(1);
  });
});
