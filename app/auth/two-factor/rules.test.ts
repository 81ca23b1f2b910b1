import { describe, expect, it } from "vitest";
import { planSecondFactor } from "./rules";

describe("planSecondFactor", () => {
  it("signs in at once a member without a second factor when none is required", () => {
    expect(planSecondFactor({ hasTotp: false, passkeys: 0 }, false)).toBeNull();
  });
  it("asks for TOTP or a recovery code, and a passkey when the member has one", () => {
    expect(planSecondFactor({ hasTotp: true, passkeys: 0 }, false)).toEqual({ stage: "verify", methods: ["totp", "recovery-code"] });
    expect(planSecondFactor({ hasTotp: true, passkeys: 2 }, true)).toEqual({
      stage: "verify",
      methods: ["totp", "recovery-code", "passkey"],
    });
    expect(planSecondFactor({ hasTotp: false, passkeys: 1 }, false)).toEqual({ stage: "verify", methods: ["passkey"] });
  });
  it("sends a member without any second factor to set one up when the owner requires it", () => {
    expect(planSecondFactor({ hasTotp: false, passkeys: 0 }, true)).toEqual({ stage: "setup", methods: [] });
  });
});
