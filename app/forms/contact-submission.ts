import type { DeletionState } from "~/privacy/deletion-request-state";
import { z } from "~/core/zod";
import { pageNumberSchema, searchTextSchema } from "~/core/paging";

/**
 * Contact submissions: the codes the public forms send, the labels the admin reads (spec section 3),
 * and the one schema shared by the forms in the browser and POST /api/contact.
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

export const BUDGETS = {
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
export const honeypotSchema = z.string().max(1000, "Too long").optional();

/** Advertising enquiries (spec section 5): the five monthly budget bands, the first by default. */
export const AD_BUDGETS = ["$100-$1,000", "$1,000-$5,000", "$5,000-$10,000", "$10,000-$20,000", "$20,000+"] as const;
export type AdBudget = (typeof AD_BUDGETS)[number];
export const DEFAULT_AD_BUDGET: AdBudget = "$100-$1,000";

export const emailField = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));

/** Fields of the advertising enquiry, each with the spec's message; the form and the server share them. */
export const advertisingFields = {
  companyName: z
    .string({ error: "Company name must be at least 2 characters" })
    .trim()
    .min(2, "Company name must be at least 2 characters")
    .max(200, "Company name is too long"),
  phone: z.string({ error: "Phone number must be at least 5 characters" }).trim().min(5, "Phone number must be at least 5 characters").max(40, "Phone number is too long"),
  website: z
    .string({ error: "Please enter a valid URL" })
    .trim()
    .max(500, "Please enter a valid URL")
    .pipe(z.url({ protocol: /^https?$/, hostname: /\./, error: "Please enter a valid URL" })),
  budget: z.enum(AD_BUDGETS, { error: "Please choose a budget" }),
};

/** What POST /api/contact accepts: spec section 7's {name, email, subject, message}, and the enquiry's own fields. */
export const contactSubmissionSchema = z.strictObject({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name is too long"),
  email: emailField,
  // One line: it becomes a mail header.
  subject: z
    .string({ error: "Subject is required" })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "Subject is required").max(300, "Subject is too long")),
  message: z.string({ error: "Message is required" }).trim().min(1, "Message is required").max(10_000, "Message is too long"),
  inquiryType: z.enum(inquiryTypeCodes, { error: "Unknown inquiry type" }).default("general_info"),
  budget: z.union([z.enum(budgetCodes), advertisingFields.budget], { error: "Unknown budget" }).nullish(),
  companyName: advertisingFields.companyName.optional(),
  phone: advertisingFields.phone.optional(),
  website: advertisingFields.website.optional(),
  [HONEYPOT_FIELD]: honeypotSchema,
});

/** The general contact form on /contact (the same rules, fewer fields). */
export const contactFormSchema = contactSubmissionSchema.pick({ name: true, email: true, inquiryType: true, subject: true, message: true, [HONEYPOT_FIELD]: true });

export type ContactSubmissionInput = z.input<typeof contactSubmissionSchema>;

export const submissionStatusSchema = z.enum(["all", "resolved", "unresolved"]).catch("all");
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

export const MAX_NOTE_LENGTH = 5000;

/** PATCH /api/admin/contact-submissions/{id}: the resolved state, the internal note, or both. */
export const resolveSubmissionSchema = z
  .object({
    isResolved: z.boolean({ error: "isResolved must be true or false" }).optional(),
    internalNote: z
      .string({ error: "The note must be text" })
      .trim()
      .max(MAX_NOTE_LENGTH, `Please keep the note under ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters`)
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
  })
  .refine((body) => body.isResolved !== undefined || body.internalNote !== undefined, { message: "Send isResolved or internalNote", path: ["_form"] });

export const SUBMISSION_SORTS = { newest: "Newest first", oldest: "Oldest first" } as const;

/** The admin list's query when paged (`page` given): search text, status filter, sort. */
export const submissionPageQuerySchema = z.object({
  page: pageNumberSchema,
  q: searchTextSchema,
  status: submissionStatusSchema,
  sort: z.enum(Object.keys(SUBMISSION_SORTS) as [keyof typeof SUBMISSION_SORTS]).catch("newest"),
});
export type SubmissionPageQuery = z.output<typeof submissionPageQuerySchema>;

/** A submission as the admin API sends it. */
export type ContactSubmission = {
  id: number;
  name: string;
  email: string;
  inquiryType: string;
  budget: string | null;
  subject: string;
  message: string;
  createdAt: string;
  isResolved: boolean;
  companyName: string | null;
  phone: string | null;
  website: string | null;
  /** For a confirmed deletion request: its id and where it stands. */
  deletionRequestId: number | null;
  deletionStatus: DeletionStatus | null;
  /** The admin's own note, never shown to the visitor. */
  internalNote: string | null;
};

export type DeletionStatus = DeletionState;
