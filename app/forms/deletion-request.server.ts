import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/audit.server";
import { getDb, schema } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { queueMail } from "~/mail/outbox.server";
import { HONEYPOT_FIELD } from "./contact-submission";
import { admitPublicForm, storeSubmission, type PublicFormOutcome } from "./contact-submission.server";
import { DELETION_LINK_HOURS, type DeletionLinkState, type DeletionRequest } from "./deletion-request";
import { deletionCompleted, deletionVerification } from "./notifications";

const t = schema.dataDeletionRequests;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Stores the request and queues its verification e-mail in one transaction. The answer is the same
 * whether or not the address belongs to an account: nobody learns who uses the app.
 */
export async function requestDataDeletion(input: DeletionRequest, clientIp: string): Promise<PublicFormOutcome> {
  return admitPublicForm(clientIp, input[HONEYPOT_FIELD], () =>
    getDb().transaction(async (tx) => {
      const token = randomBytes(32).toString("base64url");
      await tx.insert(t).values({
        firstName: input.firstName,
        email: input.email,
        phone: input.phone,
        tokenHash: hashToken(token),
        tokenExpiresAt: sql`now() + make_interval(hours => ${DELETION_LINK_HOURS})`,
      });
      const link = new URL("/delete-my-data/verify", getEnv().SITE_URL);
      link.searchParams.set("token", token);
      await queueMail(tx, { purpose: "deletion-verification", to: input.email, content: deletionVerification(input.firstName, link.toString()) });
    }),
  );
}

async function linkState(token: string): Promise<DeletionLinkState> {
  if (!TOKEN_PATTERN.test(token)) return "unknown";
  const [row] = await getDb()
    .select({ status: t.status, expired: sql<boolean>`${t.tokenExpiresAt} <= now()` })
    .from(t)
    .where(eq(t.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return "unknown";
  if (row.status !== "pending") return "used";
  return row.expired ? "expired" : "valid";
}

/** What opening the link shows; looking changes nothing (mail scanners follow links). */
export async function inspectDeletionLink(token: string): Promise<DeletionLinkState> {
  return linkState(token);
}

/**
 * "Confirm deletion": marks the request verified (once: the update only matches a pending, unexpired
 * request) and, in the same transaction, puts it in the admin inbox with a notice to the admin.
 */
export async function confirmDeletionLink(token: string): Promise<"confirmed" | Exclude<DeletionLinkState, "valid">> {
  if (!TOKEN_PATTERN.test(token)) return "unknown";
  const confirmed = await getDb().transaction(async (tx) => {
    const [request] = await tx
      .update(t)
      .set({ status: "verified", verifiedAt: sql`now()` })
      .where(and(eq(t.tokenHash, hashToken(token)), eq(t.status, "pending"), sql`${t.tokenExpiresAt} > now()`))
      .returning();
    if (!request) return false;
    await storeSubmission(
      tx,
      {
        name: request.firstName,
        email: request.email,
        phone: request.phone,
        inquiryType: "delete_my_data",
        subject: `Data deletion request from ${request.firstName}`,
        message: `${request.firstName} (${request.email}, phone ${request.phone}) confirmed by e-mail that all of their data should be deleted. Mark the deletion completed once it is done: they will be told by e-mail.`,
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

/** The admin has deleted the data: the request is closed, its inbox card resolved, and the requester told. */
export async function completeDeletionRequest(admin: Admin, id: number): Promise<CompletionOutcome> {
  const outcome = await getDb().transaction(async (tx): Promise<CompletionOutcome> => {
    const [request] = await tx
      .update(t)
      .set({ status: "completed", completedAt: sql`now()` })
      .where(and(eq(t.id, id), eq(t.status, "verified")))
      .returning();
    if (!request) {
      const [existing] = await tx.select({ status: t.status }).from(t).where(eq(t.id, id));
      return existing ? "not_verified" : "not_found";
    }
    await tx
      .update(schema.contactSubmissions)
      .set({ isResolved: true, resolvedAt: sql`now()` })
      .where(eq(schema.contactSubmissions.deletionRequestId, id));
    await queueMail(tx, { purpose: "deletion-completed", to: request.email, content: deletionCompleted(request.firstName) });
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
