import { z } from "~/core/text/zod";

/** Shared by the second-factor forms in the browser and the /api/admin/two-factor endpoints. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your authenticator app" })
    .trim()
    .min(1, "Enter the 6-digit code from your authenticator app")
    .max(20),
});

/** The sign-in's second step: a TOTP code or a recovery code. */
export const secondFactorSchema = z
  .object({
    code: z.string().trim().max(20).optional(),
    recoveryCode: z.string().trim().max(40).optional(),
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.recoveryCode), {
    message: "Enter a code from your authenticator app or a recovery code",
    path: ["code"],
  });

export const twoFactorPolicySchema = z.object({ requiredForAllStaff: z.boolean({ error: "requiredForAllStaff must be true or false" }) });

/** A WebAuthn response is checked by @simplewebauthn/server; here only its shape and size. */
const webauthnResponse = z.looseObject({ id: z.string().min(1).max(1024), response: z.looseObject({}), type: z.literal("public-key") });

export const passkeyRegistrationSchema = z.object({
  name: z.string().trim().min(1, "Give the passkey a name").max(60, "Keep the name under 60 characters").default("Passkey"),
  response: webauthnResponse,
});

export const passkeySignInSchema = z.object({ response: webauthnResponse });
