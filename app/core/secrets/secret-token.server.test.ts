import { describe, expect, it } from "vitest";
import { hashSecret, isSecretToken, newSecretToken } from "./secret-token.server";

describe("secret tokens", () => {
  it("are 43 base64url characters, new each time, stored only as their SHA-256", () => {
    const token = newSecretToken();
    expect(isSecretToken(token)).toBe(true);
    expect(newSecretToken()).not.toBe(token);
    expect(hashSecret(token)).not.toContain(token);
    expect(hashSecret("abc")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
    expect(isSecretToken("short")).toBe(false);
    expect(isSecretToken(`${token.slice(0, 42)}=`)).toBe(false);
  });

  it("come in the other lengths and texts a format asks for", () => {
    expect(newSecretToken(13, "hex")).toMatch(/^[0-9a-f]{26}$/);
    expect(hashSecret("abc", "hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
