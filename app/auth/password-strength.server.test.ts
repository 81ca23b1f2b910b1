import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./password-strength.server";

describe("password strength", () => {
  it("refuses common and patterned passwords of any length, with a reason", () => {
    expect(passwordWeakness("password1234")).toMatch(/^This password is too easy to guess\./);
    expect(passwordWeakness("qwertyuiopasdf")).toMatch(/too easy to guess/);
    expect(passwordWeakness("aaaaaaaaaaaaaaaa")).toMatch(/too easy to guess/);
  });

  it("counts the member's own name and address as guessable", () => {
    expect(passwordWeakness("maya.chen@clink.app", ["Maya Chen", "maya.chen@clink.app"])).not.toBeNull();
    expect(passwordWeakness("MayaChen!", ["Maya Chen"])).not.toBeNull();
  });

  it("accepts a long passphrase", () => {
    expect(passwordWeakness("correct horse battery staple")).toBeNull();
    expect(passwordWeakness("violet-tram-Quartz-41-ledger")).toBeNull();
  });
});
