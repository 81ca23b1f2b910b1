import { describe, expect, it } from "vitest";
import { hashToken, isOneTimeToken, newOneTimeToken } from "./one-time-token.server";

describe("one-time tokens", () => {
  it("are 43 base64url characters, new each time, stored only as their SHA-256", () => {
    const token = newOneTimeToken();
    expect(isOneTimeToken(token)).toBe(true);
    expect(newOneTimeToken()).not.toBe(token);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken("abc")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
    expect(isOneTimeToken("short")).toBe(false);
    expect(isOneTimeToken(`${token.slice(0, 42)}=`)).toBe(false);
  });
});
