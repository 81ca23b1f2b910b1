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

  it("with a lifetime, serves each value only for its own time after it was stored", () => {
    let clock = 0;
    const cache = new VersionedCache<{ text: string; ms: number }>({
      maxBytes: 10_000,
      sizeOf: () => 8,
      lifetime: (value) => value.ms,
      now: () => clock,
    });
    cache.set("good", "", { text: "answer", ms: 600_000 });
    cache.set("failed", "", { text: "fallback", ms: 60_000 });
    clock = 59_999;
    expect(cache.get("failed", "")?.text).toBe("fallback");
    clock = 60_000;
    expect(cache.get("failed", "")).toBeUndefined();
    expect(cache.get("good", "")?.text).toBe("answer");
    cache.resize("good"); // re-measuring keeps the time it was stored
    clock = 600_000;
    expect(cache.get("good", "")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("with maxEntries, keeps at most that many, dropping the least recently used", () => {
    const cache = new VersionedCache<string>({ maxBytes: 1_000_000, sizeOf: stringBytes, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) cache.set(key, "v", key);
    expect(cache.size).toBe(2);
    expect(cache.get("a", "v")).toBeUndefined();
    expect(cache.get("c", "v")).toBe("c");
  });

  describe("admission: keys on probation wait in a small segment until asked for again", () => {
    const onProbation = (key: string) => key.includes("?");

    it("puts a new key on probation in the probationary segment, other keys in the main one", () => {
      const cache = new VersionedCache<string>({ maxBytes: 10_000, sizeOf: stringBytes, probation: onProbation });
      expect(cache.set("/search?q=a", "v", "results")).toBe("probation");
      expect(cache.set("/about", "v", "page")).toBe("main");
      expect(cache.onProbation).toBe(1);
    });

    it("moves an entry to the main segment when it is asked for again, and says so", () => {
      const promoted: string[] = [];
      const cache = new VersionedCache<string>({
        maxBytes: 10_000,
        sizeOf: stringBytes,
        probation: onProbation,
        onPromote: (key) => promoted.push(key),
      });
      cache.set("/search?q=a", "v", "results");
      expect(cache.get("/search?q=a", "v")).toBe("results");
      expect(promoted).toEqual(["/search?q=a"]);
      expect(cache.onProbation).toBe(0);
      expect(cache.get("/search?q=a", "v")).toBe("results");
      expect(cache.set("/search?q=a", "v", "again")).toBe("main");
    });

    it("lets no stream of one-off keys push out an entry asked for again, and stays within its bound", () => {
      const cache = new VersionedCache<string>({ maxBytes: 8_000, sizeOf: stringBytes, probation: onProbation });
      const value = "x".repeat(400);
      for (let i = 0; i < 5; i++) {
        cache.set(`/search?q=popular${i}`, "v", value);
        cache.get(`/search?q=popular${i}`, "v");
      }
      for (let i = 0; i < 10_000; i++) cache.set(`/search?q=once${i}`, "v", value);
      for (let i = 0; i < 5; i++) expect(cache.get(`/search?q=popular${i}`, "v"), `popular${i}`).toBe(value);
      expect(cache.totalBytes).toBeLessThanOrEqual(8_000);
      expect(cache.onProbation).toBe(1); // 1/8 of 8,000 bytes holds one 900-byte entry
    });

    it("drops an entry on probation whose version moved, and never promotes it", () => {
      const promoted: string[] = [];
      const cache = new VersionedCache<string>({
        maxBytes: 10_000,
        sizeOf: stringBytes,
        probation: onProbation,
        onPromote: (key) => promoted.push(key),
      });
      cache.set("/s?q=x", "v1", "old");
      expect(cache.get("/s?q=x", "v2")).toBeUndefined();
      expect(cache.get("/s?q=x", "v1")).toBeUndefined();
      expect(promoted).toEqual([]);
    });
  });
});
