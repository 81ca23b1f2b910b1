import * as z from "~/core/text/zod-mini";
import {
  DEFAULT_AD_BUDGET,
  HONEYPOT_FIELD,
  PROOF_FIELD,
  advertisingFields,
  emailField,
  honeypotSchema,
  proofSchema,
  textField,
  type ContactSubmissionInput,
} from "./submission-fields";

/** The advertiser enquiry form of /advertise (spec sections 3 and 5), one schema for the browser and the server. */
export const advertisingInquirySchema = z.strictObject({
  companyName: advertisingFields.companyName,
  contactName: textField(2, 200, "Contact name must be at least 2 characters", "Contact name is too long"),
  email: emailField,
  phone: advertisingFields.phone,
  website: advertisingFields.website,
  budget: z._default(advertisingFields.budget, DEFAULT_AD_BUDGET),
  message: textField(10, 5_000, "Message must be at least 10 characters", "Message is too long"),
  [HONEYPOT_FIELD]: honeypotSchema,
  [PROOF_FIELD]: proofSchema,
});

export type AdvertisingInquiry = z.output<typeof advertisingInquirySchema>;

/** The body POST /api/contact receives for an enquiry (spec section 7), with its fields kept apart too. */
export function advertisingSubmission(inquiry: AdvertisingInquiry): ContactSubmissionInput {
  return {
    name: inquiry.contactName,
    email: inquiry.email,
    subject: `Advertising Inquiry from ${inquiry.companyName}`,
    message: [
      `Company: ${inquiry.companyName}`,
      `Contact: ${inquiry.contactName}`,
      `Email: ${inquiry.email}`,
      `Phone: ${inquiry.phone}`,
      `Website: ${inquiry.website}`,
      `Budget: ${inquiry.budget}`,
      "",
      "Message:",
      inquiry.message,
    ].join("\n"),
    inquiryType: "advertising",
    companyName: inquiry.companyName,
    phone: inquiry.phone,
    website: inquiry.website,
    budget: inquiry.budget,
    ...(inquiry[HONEYPOT_FIELD] ? { [HONEYPOT_FIELD]: inquiry[HONEYPOT_FIELD] } : {}),
  };
}
