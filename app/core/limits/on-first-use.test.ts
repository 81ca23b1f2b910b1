import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use";

describe("onFirstUse", () => {
  it("makes nothing until asked, then once for every caller, together or later", async () => {
    let calls = 0;
    const load = onFirstUse(async () => ({ made: ++calls }));
    expect(calls).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(calls).toBe(1);
  });

  it("forgets a failure: the next caller tries again", async () => {
    let calls = 0;
    const load = onFirstUse(async () => {
      calls++;
      if (calls === 1) throw new Error("could not load");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("could not load");
    expect(await load()).toBe("loaded");
    expect(await load()).toBe("loaded");
    expect(calls).toBe(2);
  });
});
