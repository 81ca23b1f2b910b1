import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./password-strength.server";

describe("password strength", () => {
  it("refuses common and patterned passwords of any length, with a reason", async () => {
    expect(await passwordWeakness("password1234")).toMatch(/^This password is too easy to guess\./);
    expect(await passwordWeakness("qwertyuiopasdf")).toMatch(/too easy to guess/);
    expect(await passwordWeakness("aaaaaaaaaaaaaaaa")).toMatch(/too easy to guess/);
  });

  it("counts the member's own name and address as guessable", async () => {
    expect(await passwordWeakness("maya.chen@clink.app", ["Maya Chen", "maya.chen@clink.app"])).not.toBeNull();
    expect(await passwordWeakness("MayaChen!", ["Maya Chen"])).not.toBeNull();
  });

  it("accepts a long passphrase", async () => {
    expect(await passwordWeakness("correct horse battery staple")).toBeNull();
    expect(await passwordWeakness("violet-tram-Quartz-41-ledger")).toBeNull();
  });
});
