import { describe, expect, it } from "vitest";
import { sharedVersion } from "./shared-version.server";

describe("sharedVersion", () => {
  it("reads once for concurrent callers and again only after the interval or a local change", async () => {
    let reads = 0;
    let stored = "a";
    const version = sharedVersion(async () => (reads++, stored), 60_000);
    expect(version.fresh()).toBeUndefined();
    expect(await Promise.all([version.current(), version.current()])).toEqual(["a", "a"]);
    expect(version.fresh()).toBe("a");
    expect(reads).toBe(1);
    stored = "b";
    expect(await version.current()).toBe("a"); // within the interval: the version read before
    version.changed();
    expect(version.fresh()).toBeUndefined();
    expect(await version.current()).toBe("b");
    expect(reads).toBe(2);
  });

  it("reads again once the interval has passed", async () => {
    let reads = 0;
    const version = sharedVersion(async () => String(++reads), 0);
    await version.current();
    expect(version.fresh()).toBeUndefined();
    expect(await version.current()).toBe("2");
  });
});

describe("sharedVersion after a local change", () => {
  it("never answers with a read begun before the change", async () => {
    let stored = "a";
    const reads: Array<{ finish: () => void }> = [];
    const version = sharedVersion(
      () =>
        new Promise<string>((resolve) => {
          const seen = stored;
          reads.push({ finish: () => resolve(seen) });
        }),
      60_000,
    );
    const before = version.current();
    // The write commits while that read is out, then says so.
    stored = "b";
    version.changed();
    const after = version.current();
    expect(reads).toHaveLength(2);
    reads[1]!.finish();
    expect(await after).toBe("b");
    reads[0]!.finish();
    expect(await before).toBe("a");
    // The stale read, ending last, is not kept.
    expect(version.fresh()).toBe("b");
  });
});
