import { describe, expect, it } from "vitest";
import { formatRecoveryCode, normalizeRecoveryCode, normalizeTotpCode, recoveryCodeFrom } from "./codes";

describe("second-factor codes", () => {
  it("reads a TOTP code with spaces or a dash, and nothing else", () => {
    expect(normalizeTotpCode("123 456")).toBe("123456");
    expect(normalizeTotpCode("123-456")).toBe("123456");
    expect(normalizeTotpCode("12345")).toBeNull();
    expect(normalizeTotpCode("12345a")).toBeNull();
  });

  it("reads a recovery code in any case, with or without its dash", () => {
    expect(normalizeRecoveryCode("ABCDE-FGHJK")).toBe("abcdefghjk");
    expect(normalizeRecoveryCode(" abcde fghjk ")).toBe("abcdefghjk");
    expect(normalizeRecoveryCode("abcde-fghj")).toBeNull();
    expect(normalizeRecoveryCode("abcde-fghj1")).toBeNull(); // 1 is not in the alphabet
  });

  it("makes recovery codes that read back as themselves, and skips bytes that would bias the alphabet", () => {
    const bytes = [255, 254, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const code = recoveryCodeFrom(() => bytes.shift()!);
    expect(code).toBe("abcdefghjk");
    expect(normalizeRecoveryCode(formatRecoveryCode(code))).toBe(code);
    expect(formatRecoveryCode(code)).toBe("abcde-fghjk");
  });
});
