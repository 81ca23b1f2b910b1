import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { ADMIN_PAGE_SIZE, pageCount, type PageOf } from "~/core/http/paging";
import { toCsv } from "~/core/text/csv";
import type { PersonalEvent } from "~/core/database/feature-events";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { consume } from "~/core/limits/rate-limit.server";
import { adminNotifyAddress, queueMail, type DbExecutor } from "~/mail/outbox.server";
import { submissionCreated } from "./events";
import { advertisingSubmission, type AdvertisingInquiry } from "./advertising-inquiry";
import type { ContactSubmission, DeletionStatus, SubmissionPageQuery, SubmissionStatus } from "./contact-submission";
import { budgetLabel, contactSubmissionSchema, HONEYPOT_FIELD, inquiryTypeLabel, PROOF_FIELD } from "./contact-submission";
import { judgeProof } from "./proof-of-work.server";
import { newSubmissionNotice, submissionReceipt } from "./notifications";
import { queuePublicFormMail } from "./public-mail.server";

const t = schema.contactSubmissions;
const deletion = schema.dataDeletionRequests;

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
  companyName: t.companyName,
  phone: t.phone,
  website: t.website,
  deletionRequestId: t.deletionRequestId,
  internalNote: t.internalNote,
};

type Row = { [K in keyof typeof columns]: K extends "createdAt" ? Date : ContactSubmission[K] };

const toSubmission = (row: Row, deletionStatus: string | null = null): ContactSubmission => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  deletionStatus: deletionStatus as DeletionStatus | null,
});

type NewSubmission = Omit<z.output<typeof contactSubmissionSchema>, typeof HONEYPOT_FIELD> & { deletionRequestId?: number };

/**
 * Stores a submission for the admin inbox inside `db` (an open transaction) and queues, in the same
 * transaction, the notice to the admin and (unless `receipt` is false) the visitor's receipt.
 */
export async function storeSubmission(db: DbExecutor, input: NewSubmission, options: { receipt: boolean }): Promise<ContactSubmission> {
  const [row] = await db
    .insert(t)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      inquiryType: input.inquiryType,
      budget: input.budget ?? null,
      companyName: input.companyName ?? null,
      phone: input.phone ?? null,
      website: input.website ?? null,
      deletionRequestId: input.deletionRequestId ?? null,
    })
    .returning(columns);
  const admin = await adminNotifyAddress(db);
  if (admin) {
    const adminUrl = new URL("/admin", getEnv().SITE_URL).toString();
    await queueMail(db, { purpose: "new-submission", to: admin, replyTo: input.email, content: newSubmissionNotice(input, adminUrl) });
  }
  if (options.receipt) await queuePublicFormMail(db, { purpose: "submission-receipt", to: input.email, content: submissionReceipt(input) });
  // The lead hand-off (webhooks): enquiries only, not a deletion request put in the inbox.
  if (!input.deletionRequestId) await submissionCreated.emit(db, submissionEvent(row!));
  return toSubmission(row!);
}

/**
 * A new enquiry as webhooks carry it: in full to endpoints marked for personal data, otherwise only what
 * says nothing about the person (id, kind, type, budget band, time). docs/privacy.md lists where it goes.
 */
function submissionEvent(row: Row): PersonalEvent {
  const about = {
    id: row.id,
    kind: row.inquiryType === "advertising" ? "advertising" : "contact",
    inquiryType: row.inquiryType,
    budget: row.budget,
    createdAt: row.createdAt.toISOString(),
  };
  const personal = {
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    companyName: row.companyName,
    phone: row.phone,
    website: row.website,
  };
  return { data: { submission: { ...about, ...personal } }, withoutPersonalData: { submission: about } };
}

export const TOO_MANY_SUBMISSIONS = "Too many messages from your address. Please try again later.";

export type PublicFormOutcome = { accepted: true } | { accepted: false; retryAfterSeconds: number };

/** `proof`: the bot check's proof of work as posted (absent when the form was sent without JavaScript). */
export type AdmitOptions = { proof?: string };

/**
 * The gate every public form passes after validation: the proof of work, if sent, must be valid and unused
 * (400 otherwise: ./proof-of-work.server.ts); the per-client limit (in the database, so it holds across
 * instances; a form sent without a proof, as without JavaScript, has a tighter one); then the honeypot. A
 * filled honeypot gets the same answer as a person, and nothing is stored.
 */
export async function admitPublicForm(
  clientIp: string,
  honeypot: string | undefined,
  options: AdmitOptions,
  store: () => Promise<unknown>,
): Promise<PublicFormOutcome> {
  const proof = await judgeProof(options.proof);
  const limit = await consume("publicForm", clientIp);
  if (limit.limited) return { accepted: false, retryAfterSeconds: limit.retryAfterSeconds };
  if (proof === "absent") {
    const strict = await consume("publicFormWithoutScript", clientIp);
    if (strict.limited) return { accepted: false, retryAfterSeconds: strict.retryAfterSeconds };
  }
  if (honeypot) return { accepted: true };
  await store();
  return { accepted: true };
}

/** A message from the contact or advertising form: stored with its mail, in one transaction. */
export async function submitContactForm(input: z.output<typeof contactSubmissionSchema>, clientIp: string): Promise<PublicFormOutcome> {
  const { [HONEYPOT_FIELD]: honeypot, [PROOF_FIELD]: proof, ...submission } = input;
  return admitPublicForm(clientIp, honeypot, { proof }, () =>
    getDb().transaction((tx) => storeSubmission(tx, submission, { receipt: true })),
  );
}

/** The enquiry of /advertise posted as a form: the same submission the page's script sends to POST /api/contact. */
export async function submitAdvertisingInquiry(inquiry: AdvertisingInquiry, clientIp: string): Promise<PublicFormOutcome> {
  return submitContactForm(
    { ...contactSubmissionSchema.parse(advertisingSubmission(inquiry)), [PROOF_FIELD]: inquiry[PROOF_FIELD] },
    clientIp,
  );
}

/** Newest first; `status` narrows to resolved or unresolved ones. */
export async function listContactSubmissions(status: SubmissionStatus = "all"): Promise<ContactSubmission[]> {
  const db = getDb();
  const query = db
    .select({ ...columns, deletionStatus: deletion.status })
    .from(t)
    .leftJoin(deletion, eq(deletion.id, t.deletionRequestId));
  const filtered = status === "all" ? query : query.where(eq(t.isResolved, status === "resolved"));
  const rows = await filtered.orderBy(desc(t.createdAt), desc(t.id));
  return rows.map(({ deletionStatus, ...row }) => toSubmission(row, deletionStatus));
}

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the inbox, searched (name, e-mail, subject, message, note) and sorted in the database,
 * with the count per status (for the filter tabs) under the same search.
 */
export async function contactSubmissionsPage(
  query: SubmissionPageQuery,
): Promise<PageOf<ContactSubmission> & { counts: Record<SubmissionStatus, number> }> {
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
    .select({ ...columns, deletionStatus: deletion.status })
    .from(t)
    .leftJoin(deletion, eq(deletion.id, t.deletionRequestId))
    .where(and(search, status))
    .orderBy(...order)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const items = rows.map(({ deletionStatus, ...row }) => toSubmission(row, deletionStatus));
  return { items, total, page, pageSize: ADMIN_PAGE_SIZE, pageCount: pageCount(total), counts };
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
  // The audit trail names the record, never the person (their data may be erased later; the line stays).
  const about = `submission #${id}`;
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
  return toSubmission(row, await deletionStatusOf(row.deletionRequestId));
}

/** Where a confirmed deletion request stands, for the card that carries it. */
async function deletionStatusOf(deletionRequestId: number | null): Promise<string | null> {
  if (!deletionRequestId) return null;
  const [found] = await getDb().select({ status: deletion.status }).from(deletion).where(eq(deletion.id, deletionRequestId));
  return found?.status ?? null;
}

export type SubmissionDeletion = "deleted" | "not_found" | "open_deletion_request";

/**
 * Deletes a submission for good and writes the audit trail (its id only). The card of a verified deletion
 * request is refused: until it is completed it is the record of a legal request.
 */
export async function deleteContactSubmission(admin: Admin, id: number): Promise<SubmissionDeletion> {
  const [row] = await getDb()
    .delete(t)
    .where(
      and(
        eq(t.id, id),
        sql`not exists (select 1 from ${deletion} where ${deletion.id} = ${t.deletionRequestId} and ${deletion.status} = 'verified')`,
      ),
    )
    .returning({ id: t.id });
  if (!row) {
    const [exists] = await getDb().select({ id: t.id }).from(t).where(eq(t.id, id));
    return exists ? "open_deletion_request" : "not_found";
  }
  await recordAudit(admin, "contact_submission.delete", {
    targetType: "contact_submission",
    targetId: id,
    summary: `Deleted submission #${id}`,
  });
  return "deleted";
}

export function contactSubmissionsCsv(submissions: ContactSubmission[]): string {
  return toCsv(
    ["ID", "Received", "Name", "Email", "Inquiry type", "Budget", "Subject", "Message", "Status", "Company", "Phone", "Website"],
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
      s.companyName ?? "",
      s.phone ?? "",
      s.website ?? "",
    ]),
  );
}
