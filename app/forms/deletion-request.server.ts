import { and, eq, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { queueMail } from "~/mail/outbox.server";
import { hashSecret, isSecretToken, newSecretToken } from "~/core/secrets/secret-token.server";
import { verificationMailLimited } from "~/core/limits/rate-limit.server";
import { eraseOutboxFiles } from "~/mail/transport.server";
import { emailHash } from "~/privacy/email-hash.server";
import { erasePersonData } from "~/privacy/erasure.server";
import { DELETION_LINK_HOURS, deletionDueDate } from "~/privacy/deletion-request-state";
import { HONEYPOT_FIELD, PROOF_FIELD } from "./contact-submission";
import { admitPublicForm, storeSubmission, type PublicFormOutcome } from "./contact-submission.server";
import type { DeletionLinkState, DeletionRequest } from "./deletion-request";
import { deletionCompleted, deletionVerification } from "./notifications";
import { queuePublicFormMail } from "./public-mail.server";
import { utcDay } from "~/core/text/utc-days";

const t = schema.dataDeletionRequests;

/**
 * Stores the request and queues its verification e-mail in one transaction. The answer is the same
 * whether or not the address belongs to an account: nobody learns who uses the app. One address gets at
 * most one verification e-mail per 15 minutes and 3 per 24 hours (counted by its keyed hash, in the
 * database); a request past that gets the same answer, and nothing is stored or sent. The e-mail's link
 * carries a token, so its text is purged from the outbox once it is delivered.
 */
export async function requestDataDeletion(input: DeletionRequest, clientIp: string): Promise<PublicFormOutcome> {
  return admitPublicForm(clientIp, input[HONEYPOT_FIELD], { proof: input[PROOF_FIELD] }, async () => {
    const hash = await emailHash(input.email);
    if (await verificationMailLimited(hash)) return;
    await getDb().transaction(async (tx) => {
      const token = newSecretToken();
      await tx.insert(t).values({
        firstName: input.firstName,
        email: input.email,
        phone: input.phone,
        emailHash: hash,
        tokenHash: hashSecret(token),
        tokenExpiresAt: sql`now() + make_interval(hours => ${DELETION_LINK_HOURS})`,
      });
      const link = new URL("/delete-my-data/verify", getEnv().SITE_URL);
      link.searchParams.set("token", token);
      await queuePublicFormMail(tx, {
        purpose: "deletion-verification",
        to: input.email,
        content: deletionVerification(link.toString()),
        purgeOnDelivery: true,
      });
    });
  });
}

async function linkState(token: string): Promise<DeletionLinkState> {
  if (!isSecretToken(token)) return "unknown";
  const [row] = await getDb()
    .select({ status: t.status, expired: sql<boolean>`${t.tokenExpiresAt} <= now()` })
    .from(t)
    .where(eq(t.tokenHash, hashSecret(token)))
    .limit(1);
  if (!row) return "unknown";
  if (row.status === "expired") return "expired";
  if (row.status !== "requested") return "used";
  return row.expired ? "expired" : "valid";
}

/** What opening the link shows; looking changes nothing (mail scanners follow links). */
export async function inspectDeletionLink(token: string): Promise<DeletionLinkState> {
  return linkState(token);
}

/**
 * "Confirm deletion": marks the request verified (once: the update only matches a requested, unexpired
 * one) and, in the same transaction, puts it in the admin inbox with a notice to the admin.
 */
export async function confirmDeletionLink(token: string): Promise<"confirmed" | Exclude<DeletionLinkState, "valid">> {
  if (!isSecretToken(token)) return "unknown";
  const confirmed = await getDb().transaction(async (tx) => {
    const [request] = await tx
      .update(t)
      .set({ status: "verified", verifiedAt: sql`now()` })
      .where(and(eq(t.tokenHash, hashSecret(token)), eq(t.status, "requested"), sql`${t.tokenExpiresAt} > now()`))
      .returning();
    if (!request?.email || !request.firstName || !request.phone) return false;
    const due = utcDay(deletionDueDate(request.verifiedAt ?? new Date()));
    await storeSubmission(
      tx,
      {
        name: request.firstName,
        email: request.email,
        phone: request.phone,
        inquiryType: "delete_my_data",
        subject: `Data deletion request from ${request.firstName}`,
        message: `${request.firstName} (${request.email}, phone ${request.phone}) confirmed by e-mail that all of their data should be deleted. Delete their app account, then mark the deletion completed here by ${due}: the site then erases what it holds about them and tells them by e-mail.`,
        deletionRequestId: request.id,
      },
      { receipt: false },
    );
    return true;
  });
  if (!confirmed) {
    const state = await linkState(token);
    return state === "valid" ? "used" : state;
  }
  return "confirmed";
}

export type CompletionOutcome = "completed" | "not_found" | "not_verified";

/**
 * The admin has deleted the app account: the site erases what it holds about the person (their
 * submissions, the request's name and phone, the mail to or about them and its files), closes the
 * request and tells them, in one e-mail that says what was erased and is itself purged once delivered.
 */
export async function completeDeletionRequest(admin: Admin, id: number): Promise<CompletionOutcome> {
  const [found] = await getDb().select({ status: t.status, email: t.email }).from(t).where(eq(t.id, id));
  if (!found) return "not_found";
  if (found.status !== "verified" || !found.email) return "not_verified";
  const email = found.email;
  // The files first: a failure here leaves the request open, to be completed again.
  const outboxFiles = await eraseOutboxFiles(getEnv(), email);
  const outcome = await getDb().transaction(async (tx): Promise<CompletionOutcome> => {
    const [request] = await tx
      .update(t)
      .set({ status: "completed", completedAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.status, "verified")))
      .returning();
    if (!request?.email) return "not_verified";
    const erased = await erasePersonData(tx, id, email);
    await queueMail(tx, {
      purpose: "deletion-completed",
      to: email,
      content: deletionCompleted({ ...erased, outboxFiles }),
      purgeOnDelivery: true,
    });
    return "completed";
  });
  if (outcome === "completed") {
    await recordAudit(admin, "data_deletion_request.complete", {
      targetType: "data_deletion_request",
      targetId: id,
      summary: `Completed data deletion request #${id}`,
    });
  }
  return outcome;
}
