import * as z from "~/core/text/zod-mini";
import { siteConfig } from "~/site/config";
import { HONEYPOT_FIELD, PROOF_FIELD, emailField, honeypotSchema, proofSchema, textField } from "./submission-fields";

export { DELETION_LINK_HOURS } from "~/privacy/deletion-request-state";

/** The data-deletion request (spec sections 3 and 5), one schema for the browser and POST /api/data-deletion-requests. */
export const deletionRequestSchema = z.strictObject({
  firstName: textField(2, 100, "First name must be at least 2 characters", "First name is too long"),
  email: emailField,
  phone: textField(10, 40, "Please enter a valid phone number", "Please enter a valid phone number"),
  captchaVerified: z.literal(true, { error: "Please verify that you're not a robot" }),
  confirmDelete: z.literal(true, { error: "You must confirm that you want to delete your data" }),
  [HONEYPOT_FIELD]: honeypotSchema,
  [PROOF_FIELD]: proofSchema,
});

export type DeletionRequest = z.output<typeof deletionRequestSchema>;

/** The security widget: three statements about the product; only the true one verifies. */
export const SECURITY_STATEMENTS = [
  { id: "delivery", text: `${siteConfig.name} is a food delivery service` },
  { id: "social-drinking", text: `${siteConfig.name} is a social drinking app` },
  { id: "rideshare", text: `${siteConfig.name} is a ride-sharing app` },
] as const;
export const CORRECT_STATEMENT = "social-drinking";
export const INCORRECT_STATEMENT_ALERT = "Incorrect, please try again";

/** What the page tells a visitor who opens a verification link. */
export type DeletionLinkState = "valid" | "expired" | "used" | "unknown";

export const DELETION_LINK_MESSAGES: Record<Exclude<DeletionLinkState, "valid">, string> = {
  expired: "This verification link has expired. Links are valid for 24 hours: please send a new deletion request.",
  used: "This verification link has already been used. Your deletion request is confirmed; there is nothing more to do.",
  unknown: "This verification link is not valid. Please use the link from your most recent e-mail, or send a new deletion request.",
};

export const deletionStatusUpdateSchema = z.strictObject({
  status: z.literal("completed", { error: 'status must be "completed"' }),
});

export const DELETION_REQUEST_ACCEPTED = "Verification email sent. Please check your inbox: the link expires in 24 hours.";
