import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { matchedTotpStep, totpFor } from "./totp-step";

const secret = new Secret({ size: 20 }).base32;
const codeAt = (step: number) => totpFor(secret, "").generate({ timestamp: step * 30_000 + 1 });
const step = 59_889_444;

describe("matchedTotpStep", () => {
  it("gives the code's own step, checked in that step or one either side", () => {
    expect(matchedTotpStep(secret, codeAt(step), step * 30_000 + 15_000)).toBe(step);
    expect(matchedTotpStep(secret, codeAt(step), (step + 1) * 30_000 + 15_000)).toBe(step);
    expect(matchedTotpStep(secret, codeAt(step), (step - 1) * 30_000 + 15_000)).toBe(step);
  });

  it("counts from the instant it checked at, on both sides of a step's end", () => {
    const end = (step + 1) * 30_000;
    expect(matchedTotpStep(secret, codeAt(step), end - 1)).toBe(step);
    expect(matchedTotpStep(secret, codeAt(step), end)).toBe(step);
    expect(matchedTotpStep(secret, codeAt(step + 1), end - 1)).toBe(step + 1);
  });

  it("refuses a code two steps away, and one of another secret", () => {
    expect(matchedTotpStep(secret, codeAt(step + 2), step * 30_000)).toBeNull();
    expect(matchedTotpStep(secret, codeAt(step - 2), step * 30_000 + 29_999)).toBeNull();
    const other = new Secret({ size: 20 }).base32;
    expect(matchedTotpStep(other, codeAt(step), step * 30_000 + 1)).toBeNull();
  });
});
