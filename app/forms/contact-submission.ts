import type { DeletionState } from "~/privacy/deletion-request-state";
import { z } from "~/core/text/zod";
import { pageNumberSchema, searchTextSchema } from "~/core/http/paging";

// The public form's fields live in ./submission-fields.ts (small Zod, shared with the browser's script).
export * from "./submission-fields";

/** Contact submissions as the admin reads and manages them. */
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
  .refine((body) => body.isResolved !== undefined || body.internalNote !== undefined, {
    message: "Send isResolved or internalNote",
    path: ["_form"],
  });

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
