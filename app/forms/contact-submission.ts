import { z } from "zod";
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

export const contactSubmissionSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name is too long"),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  subject: z.string({ error: "Subject is required" }).trim().min(1, "Subject is required").max(300, "Subject is too long"),
  message: z.string({ error: "Message is required" }).trim().min(1, "Message is required").max(10_000, "Message is too long"),
  inquiryType: z.enum(inquiryTypeCodes, { error: "Unknown inquiry type" }).default("general_info"),
  budget: z.enum(budgetCodes, { error: "Unknown budget" }).nullish(),
});

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
  /** The admin's own note, never shown to the visitor. */
  internalNote: string | null;
};
