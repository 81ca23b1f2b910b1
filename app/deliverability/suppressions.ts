import * as z from "~/core/text/zod-mini";
import { emailField } from "~/forms/submission-fields";

/**
 * The suppression list (issue 51) as both the browser and the server read it: its reasons, the body of
 * POST /api/admin/suppressions and the shape of its entries. Pure: no database here.
 */
export const SUPPRESSION_REASONS = ["bounce", "complaint", "manual"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  bounce: "Bounced",
  complaint: "Reported as spam",
  manual: "Added by an administrator",
};

/** Where a suppression came from: a refusal at sending time, a provider's event, or the admin. */
export const SUPPRESSION_SOURCES = ["smtp", "postmark", "mailgun", "sendgrid", "ses", "admin"] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

export const suppressionInputSchema = z.strictObject({ email: emailField });

/** One entry as GET /api/admin/suppressions gives it; `email` is null once a deletion request erased it. */
export type SuppressionItem = { id: number; email: string | null; reason: SuppressionReason; at: string };
