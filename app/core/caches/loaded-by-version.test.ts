import { describe, expect, it } from "vitest";
import { loadedByVersion } from "./loaded-by-version";

/** A load that resolves when told to, recording which version it was asked for. */
function gatedLoads() {
  const started: Array<{ version: string; finish: () => void }> = [];
  const load = (version: string) => new Promise<string>((resolve) => started.push({ version, finish: () => resolve(`loaded ${version}`) }));
  return { started, load };
}

describe("loadedByVersion", () => {
  it("shares one load among callers of the same version, and keeps its value", async () => {
    const { started, load } = gatedLoads();
    const cache = loadedByVersion(load);
    const both = Promise.all([cache.get("1"), cache.get("1")]);
    expect(started).toHaveLength(1);
    started[0]!.finish();
    expect(await both).toEqual(["loaded 1", "loaded 1"]);
    expect(cache.peek("1")).toBe("loaded 1");
    expect(await cache.get("1")).toBe("loaded 1");
    expect(started).toHaveLength(1);
  });

  it("never answers a newer version with a load begun for an older one", async () => {
    const { started, load } = gatedLoads();
    const cache = loadedByVersion(load);
    const before = cache.get("1");
    const after = cache.get("2");
    expect(started.map((s) => s.version)).toEqual(["1", "2"]);
    started[1]!.finish();
    expect(await after).toBe("loaded 2");
    // The older load ends last: it answers its own callers and does not replace the newer value.
    started[0]!.finish();
    expect(await before).toBe("loaded 1");
    expect(cache.peek("2")).toBe("loaded 2");
    expect(cache.peek("1")).toBeUndefined();
  });

  it("forgets a failed load: the next caller loads again", async () => {
    let calls = 0;
    const cache = loadedByVersion(async (version) => {
      if (++calls === 1) throw new Error("database gone");
      return version;
    });
    await expect(cache.get("1")).rejects.toThrow("database gone");
    expect(await cache.get("1")).toBe("1");
  });
});
