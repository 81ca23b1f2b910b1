/** The ways a member can give their second factor at sign-in. */
export type SecondFactorMethod = "totp" | "recovery-code" | "passkey";
export type SecondFactorPlan = { stage: "verify" | "setup"; methods: SecondFactorMethod[] } | null;

/**
 * What a sign-in with the right password still needs. A member with a second factor (TOTP or a
 * passkey) gives one; a member without any, when the owner requires two-factor, sets TOTP up before
 * the session is opened; anyone else is signed in.
 */
export function planSecondFactor(member: { hasTotp: boolean; passkeys: number }, requiredForAll: boolean): SecondFactorPlan {
  const methods: SecondFactorMethod[] = [];
  if (member.hasTotp) methods.push("totp", "recovery-code");
  if (member.passkeys > 0) methods.push("passkey");
  if (methods.length > 0) return { stage: "verify", methods };
  return requiredForAll ? { stage: "setup", methods: [] } : null;
}
