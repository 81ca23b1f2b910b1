import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/audit.server";
import type { ContactSubmission, contactSubmissionSchema, SubmissionPageQuery, SubmissionStatus } from "./contact-submission";
import { ADMIN_PAGE_SIZE, pageCount, type PageOf } from "~/core/paging";
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
  internalNote: t.internalNote,
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

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the inbox, searched (name, e-mail, subject, message, note) and sorted in the database,
 * with the count per status (for the filter tabs) under the same search.
 */
export async function contactSubmissionsPage(query: SubmissionPageQuery): Promise<PageOf<ContactSubmission> & { counts: Record<SubmissionStatus, number> }> {
  const db = getDb();
  const search: SQL | undefined = query.q
    ? or(...[t.name, t.email, t.subject, t.message, t.internalNote].map((column) => ilike(column, containing(query.q))))
    : undefined;
  const status = query.status === "all" ? undefined : eq(t.isResolved, query.status === "resolved");
  const [tally] = await db
    .select({ all: count(), resolved: sql<number>`count(*) filter (where ${t.isResolved})::int` })
    .from(t)
    .where(search);
  const counts = { all: tally?.all ?? 0, resolved: tally?.resolved ?? 0, unresolved: (tally?.all ?? 0) - (tally?.resolved ?? 0) };
  const total = counts[query.status];
  const page = Math.min(query.page, pageCount(total));
  const order = query.sort === "oldest" ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];
  const rows = await db
    .select(columns)
    .from(t)
    .where(and(search, status))
    .orderBy(...order)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { items: rows.map(toSubmission), total, page, pageSize: ADMIN_PAGE_SIZE, pageCount: pageCount(total), counts };
}

/** Stores the new state and/or note and writes the audit trail; null when there is no such submission. */
export async function updateContactSubmission(
  admin: Admin,
  id: number,
  change: { isResolved?: boolean; internalNote?: string | null },
): Promise<ContactSubmission | null> {
  const { isResolved, internalNote } = change;
  const [row] = await getDb()
    .update(t)
    .set({
      ...(isResolved === undefined ? {} : { isResolved, resolvedAt: isResolved ? sql`now()` : null }),
      ...(internalNote === undefined ? {} : { internalNote }),
    })
    .where(eq(t.id, id))
    .returning(columns);
  if (!row) return null;
  const about = `"${row.subject.slice(0, 80)}" from ${row.email}`;
  if (isResolved !== undefined) {
    await recordAudit(admin, isResolved ? "contact_submission.resolve" : "contact_submission.unresolve", {
      targetType: "contact_submission",
      targetId: id,
      summary: `${isResolved ? "Resolved" : "Reopened"} ${about}`,
    });
  }
  if (internalNote !== undefined) {
    await recordAudit(admin, "contact_submission.note", {
      targetType: "contact_submission",
      targetId: id,
      summary: `${internalNote ? "Noted on" : "Cleared the note on"} ${about}`,
    });
  }
  return toSubmission(row);
}

/** Deletes a submission for good and writes the audit trail (without its message); false when there is none. */
export async function deleteContactSubmission(admin: Admin, id: number): Promise<boolean> {
  const [row] = await getDb().delete(t).where(eq(t.id, id)).returning({ subject: t.subject, email: t.email });
  if (!row) return false;
  await recordAudit(admin, "contact_submission.delete", {
    targetType: "contact_submission",
    targetId: id,
    summary: `Deleted "${row.subject.slice(0, 80)}" from ${row.email}`,
  });
  return true;
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
