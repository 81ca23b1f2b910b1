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
