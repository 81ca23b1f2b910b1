import { z } from "~/core/zod";
import { DEFAULT_AD_BUDGET, HONEYPOT_FIELD, advertisingFields, emailField, honeypotSchema, type ContactSubmissionInput } from "./contact-submission";

/** The advertiser enquiry form of /advertise (spec sections 3 and 5), one schema for the browser and the server. */
export const advertisingInquirySchema = z.strictObject({
  companyName: advertisingFields.companyName,
  contactName: z
    .string({ error: "Contact name must be at least 2 characters" })
    .trim()
    .min(2, "Contact name must be at least 2 characters")
    .max(200, "Contact name is too long"),
  email: emailField,
  phone: advertisingFields.phone,
  website: advertisingFields.website,
  budget: advertisingFields.budget.default(DEFAULT_AD_BUDGET),
  message: z
    .string({ error: "Message must be at least 10 characters" })
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5_000, "Message is too long"),
  [HONEYPOT_FIELD]: honeypotSchema,
});

export type AdvertisingInquiry = z.output<typeof advertisingInquirySchema>;
export type AdvertisingInquiryField = Exclude<keyof AdvertisingInquiry, typeof HONEYPOT_FIELD>;

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
