import { oneLine } from "~/core/text/clean-input";
import * as z from "~/core/text/zod-mini";

/**
 * What the public forms send: the codes, the labels the admin reads (spec section 3), and the one schema
 * shared by the forms in the browser and POST /api/contact. Written with Zod's small build (~/core/text/zod-mini)
 * because the forms' script in the browser carries it; the messages are the spec's, character for character.
 */
export const INQUIRY_TYPES = {
  general_info: "General Information",
  partnerships: "Partnership Opportunities",
  advertising: "Advertising Inquiries",
  press: "Press & Media",
  careers: "Careers",
  delete_my_data: "Delete My Data",
  other: "Other",
} as const;

const BUDGETS = {
  under_5k: "Under $5,000",
  "5k_to_15k": "$5,000 - $15,000",
  "15k_to_30k": "$15,000 - $30,000",
  over_30k: "$30,000+",
  not_disclosed: "Not disclosed",
} as const;

export type InquiryType = keyof typeof INQUIRY_TYPES;
export type Budget = keyof typeof BUDGETS;

const inquiryTypeCodes = Object.keys(INQUIRY_TYPES) as [InquiryType, ...InquiryType[]];
const budgetCodes = Object.keys(BUDGETS) as [Budget, ...Budget[]];

/** An unknown code (an older form, a renamed type) still shows something readable. */
export function inquiryTypeLabel(code: string): string {
  return (INQUIRY_TYPES as Record<string, string>)[code] ?? code;
}

export function budgetLabel(code: string | null | undefined): string {
  if (!code) return "Not specified";
  return (BUDGETS as Record<string, string>)[code] ?? code;
}

/** Hidden from people (display: none), filled in by bots: a submission that fills it is dropped quietly. */
export const HONEYPOT_FIELD = "nickname";
export const honeypotSchema = z.optional(z.string().check(z.maxLength(1000, "Too long")));

/** The bot check's proof of work (ALTCHA's payload, base64 JSON), sent by the forms' script; absent without JavaScript. */
export const PROOF_FIELD = "altcha";
export const proofSchema = z.optional(z.string().check(z.maxLength(2000, "The security check is too long")));

/** Advertising enquiries (spec section 5): the five monthly budget bands, the first by default. */
export const AD_BUDGETS = ["$100-$1,000", "$1,000-$5,000", "$5,000-$10,000", "$10,000-$20,000", "$20,000+"] as const;
export type AdBudget = (typeof AD_BUDGETS)[number];
export const DEFAULT_AD_BUDGET: AdBudget = "$100-$1,000";

/** Trimmed text between `min` and `max` characters, with the spec's message for too short (and for not text). */
export function textField(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string({ error: tooShort }).check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, tooLong));
}

export const emailField = z.pipe(
  z.string({ error: "Please enter a valid email address" }).check(z.trim(), z.maxLength(254, "Please enter a valid email address")),
  z.email("Please enter a valid email address"),
);

/** Fields of the advertising enquiry, each with the spec's message; the form and the server share them. */
export const advertisingFields = {
  companyName: textField(2, 200, "Company name must be at least 2 characters", "Company name is too long"),
  phone: textField(5, 40, "Phone number must be at least 5 characters", "Phone number is too long"),
  website: z.pipe(
    z.string({ error: "Please enter a valid URL" }).check(z.trim(), z.maxLength(500, "Please enter a valid URL")),
    z.url({ protocol: /^https?$/, hostname: /\./, error: "Please enter a valid URL" }),
  ),
  budget: z.enum(AD_BUDGETS, { error: "Please choose a budget" }),
};

/** What POST /api/contact accepts: spec section 7's {name, email, subject, message}, and the enquiry's own fields. */
export const contactSubmissionSchema = z.strictObject({
  name: textField(1, 200, "Name is required", "Name is too long"),
  email: emailField,
  // One line: it becomes a mail header.
  subject: z.pipe(
    z.pipe(z.string({ error: "Subject is required" }), z.transform(oneLine)),
    z.string().check(z.minLength(1, "Subject is required"), z.maxLength(300, "Subject is too long")),
  ),
  message: textField(1, 10_000, "Message is required", "Message is too long"),
  inquiryType: z._default(z.enum(inquiryTypeCodes, { error: "Unknown inquiry type" }), "general_info"),
  budget: z.nullish(z.union([z.enum(budgetCodes), advertisingFields.budget], { error: "Unknown budget" })),
  companyName: z.optional(advertisingFields.companyName),
  phone: z.optional(advertisingFields.phone),
  website: z.optional(advertisingFields.website),
  [HONEYPOT_FIELD]: honeypotSchema,
  [PROOF_FIELD]: proofSchema,
});

/** The general contact form on /contact (the same rules, fewer fields). */
export const contactFormSchema = z.pick(contactSubmissionSchema, {
  name: true,
  email: true,
  inquiryType: true,
  subject: true,
  message: true,
  [HONEYPOT_FIELD]: true,
});

export type ContactSubmissionInput = z.input<typeof contactSubmissionSchema>;
