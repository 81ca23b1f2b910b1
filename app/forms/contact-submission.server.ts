import { desc, eq, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/audit.server";
import type { ContactSubmission, contactSubmissionSchema, SubmissionStatus } from "./contact-submission";
import { budgetLabel, inquiryTypeLabel } from "./contact-submission";
import { toCsv } from "~/core/csv";
import { getDb, schema } from "~/core/db.server";
import type { z } from "zod";

const t = schema.contactSubmissions;

const columns = {
  id: t.id,
  name: t.name,
  email: t.email,
  inquiryType: t.inquiryType,
  budget: t.budget,
  subject: t.subject,
  message: t.message,
  createdAt: t.createdAt,
  isResolved: t.isResolved,
};

type Row = { [K in keyof typeof columns]: K extends "createdAt" ? Date : ContactSubmission[K] };

const toSubmission = (row: Row): ContactSubmission => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Stores what a visitor sent through one of the public forms. */
export async function createContactSubmission(input: z.output<typeof contactSubmissionSchema>): Promise<ContactSubmission> {
  const [row] = await getDb()
    .insert(t)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      inquiryType: input.inquiryType,
      budget: input.budget ?? null,
    })
    .returning(columns);
  return toSubmission(row!);
}

/** Newest first; `status` narrows to resolved or unresolved ones. */
export async function listContactSubmissions(status: SubmissionStatus = "all"): Promise<ContactSubmission[]> {
  const db = getDb();
  const query = db.select(columns).from(t);
  const filtered = status === "all" ? query : query.where(eq(t.isResolved, status === "resolved"));
  const rows = await filtered.orderBy(desc(t.createdAt), desc(t.id));
  return rows.map(toSubmission);
}

/** Stores the new state and writes the audit trail; null when there is no such submission. */
export async function setContactSubmissionResolved(admin: Admin, id: number, isResolved: boolean): Promise<ContactSubmission | null> {
  const [row] = await getDb()
    .update(t)
    .set({ isResolved, resolvedAt: isResolved ? sql`now()` : null })
    .where(eq(t.id, id))
    .returning(columns);
  if (!row) return null;
  await recordAudit(admin, isResolved ? "contact_submission.resolve" : "contact_submission.unresolve", {
    targetType: "contact_submission",
    targetId: id,
    summary: `${isResolved ? "Resolved" : "Reopened"} "${row.subject.slice(0, 80)}" from ${row.email}`,
  });
  return toSubmission(row);
}

export function contactSubmissionsCsv(submissions: ContactSubmission[]): string {
  return toCsv(
    ["ID", "Received", "Name", "Email", "Inquiry type", "Budget", "Subject", "Message", "Status"],
    submissions.map((s) => [
      s.id,
      s.createdAt,
      s.name,
      s.email,
      inquiryTypeLabel(s.inquiryType),
      budgetLabel(s.budget),
      s.subject,
      s.message,
      s.isResolved ? "Resolved" : "Unresolved",
    ]),
  );
}
