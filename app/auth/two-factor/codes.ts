/**
 * Pure rules for the codes a member types: TOTP codes (6 digits) and recovery codes (10 characters
 * from an alphabet without look-alikes, shown as two groups of five).
 */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no i, l, o, 0, 1
const RECOVERY_LENGTH = 10;

/** A TOTP code as typed ("123 456", "123-456") reduced to its digits, or null when it cannot be one. */
export function normalizeTotpCode(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as typed (any case, spaces or a dash) in its stored form, or null when it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/g, "");
  if (plain.length !== RECOVERY_LENGTH) return null;
  for (const c of plain) if (!RECOVERY_ALPHABET.includes(c)) return null;
  return plain;
}

/** A recovery code from random bytes (one byte per character; rejection sampling keeps it uniform). */
export function recoveryCodeFrom(randomByte: () => number): string {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let code = "";
  while (code.length < RECOVERY_LENGTH) {
    const b = randomByte();
    if (b < limit) code += RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length];
  }
  return code;
}

/** How a recovery code is shown: "abcde-fghjk". */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
