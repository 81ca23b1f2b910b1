import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { requeueFinishedJob } from "~/core/jobs/job-admin.server";
import { enqueueJob, enqueueJobs } from "~/core/jobs/jobs.server";
import type { MailContent } from "./message";

const t = schema.mailOutbox;

export type { DbExecutor };

/** The job that delivers one message of the outbox (app/mail/jobs.server.ts). */
export const DELIVER_MAIL = "mail.deliver";
/**
 * The same job for list mail (new posts, broadcasts), in a lane of its own (decision record 0052): a
 * mailing never stands between a person and the mail they asked for (an invitation, a confirmation, a reset).
 */
export const DELIVER_BULK_MAIL = "mail.deliver-bulk";
/** Every job type that delivers mail, for what is said about mail still waiting. */
export const MAIL_JOB_TYPES = [DELIVER_MAIL, DELIVER_BULK_MAIL];
export type DeliverMailPayload = { mailId: number };

export type QueuedMail = {
  id: number;
  messageId: string;
  purpose: string;
  recipient: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers: Record<string, string> | null;
  sentAt: Date | null;
  droppedAt?: Date | null;
  campaign?: string | null;
};

export function messageIdFor(): string {
  const host = new URL(getEnv().SITE_URL).hostname || "clink.app";
  return `<${randomUUID()}@${host}>`;
}

export type MailToQueue = {
  purpose: string;
  to: string;
  replyTo?: string;
  content: MailContent;
  purgeOnDelivery?: boolean;
  runAt?: Date;
  headers?: Record<string, string>;
  /** List mail: delivered in the bulk lane, after nothing and before nothing a person waits for. */
  bulk?: boolean;
  /** The mailing it belongs to ("broadcast:12"), whose bounces and complaints may pause it (issue 51). */
  campaign?: string;
};

/**
 * Queues one message; `db` is the transaction that stores what the message is about. The message is kept
 * in mail_outbox (what was sent, to whom, when); its delivery (attempts, back-off, lease, last error) is a
 * `mail.deliver` job of the one job runner, stored in the same transaction.
 */
export async function queueMail(db: DbExecutor, mail: MailToQueue): Promise<number> {
  const [id] = await queueMails(db, [mail]);
  return id!;
}

/**
 * Queues many messages as queueMail does each, in three statements whatever their number (a list mailing's
 * batch: on PGlite every statement is the main thread's work). Their ids, in the order given.
 */
export async function queueMails(db: DbExecutor, mails: MailToQueue[]): Promise<number[]> {
  if (!mails.length) return [];
  const messageIds = mails.map(() => messageIdFor());
  const rows = await db
    .insert(t)
    .values(
      mails.map((mail, i) => ({
        messageId: messageIds[i]!,
        purpose: mail.purpose,
        recipient: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.content.subject,
        textBody: mail.content.text,
        htmlBody: mail.content.html,
        headers: mail.headers ?? null,
        purgeOnDelivery: mail.purgeOnDelivery ?? false,
        campaign: mail.campaign ?? null,
      })),
    )
    .returning({ id: t.id, messageId: t.messageId });
  // Matched by the Message-ID each was given, not by the order RETURNING happens to keep.
  const idOf = new Map(rows.map((row) => [row.messageId, row.id]));
  const ids = messageIds.map((messageId) => idOf.get(messageId)!);
  for (const bulk of [false, true]) {
    const jobs = mails.flatMap((mail, i) =>
      Boolean(mail.bulk) === bulk
        ? [{ payload: { mailId: ids[i]! } satisfies DeliverMailPayload, idempotencyKey: `mail:${ids[i]}`, runAt: mail.runAt }]
        : [],
    );
    await enqueueJobs(db, bulk ? DELIVER_BULK_MAIL : DELIVER_MAIL, jobs);
  }
  return ids;
}

/** Who hears of new submissions: ADMIN_NOTIFY_EMAIL, else the first admin account's address. */
export async function adminNotifyAddress(db: DbExecutor): Promise<string | null> {
  const configured = getEnv().ADMIN_NOTIFY_EMAIL;
  if (configured) return configured;
  const [first] = await db.select({ email: schema.adminUsers.email }).from(schema.adminUsers).orderBy(asc(schema.adminUsers.id)).limit(1);
  return first?.email ?? null;
}

export async function findQueuedMail(id: number): Promise<QueuedMail | undefined> {
  const [mail] = await getDb().select().from(t).where(eq(t.id, id));
  return mail;
}

/**
 * Delivered: a message marked purgeOnDelivery (a token, a deletion notice) keeps neither its address nor
 * its subject or text from now on.
 */
export async function markMailSent(id: number): Promise<void> {
  const purged = sql`${t.purgeOnDelivery}`;
  await getDb()
    .update(t)
    .set({
      sentAt: sql`now()`,
      recipient: sql`case when ${purged} then '' else ${t.recipient} end`,
      replyTo: sql`case when ${purged} then null else ${t.replyTo} end`,
      subject: sql`case when ${purged} then '' else ${t.subject} end`,
      textBody: sql`case when ${purged} then '' else ${t.textBody} end`,
      htmlBody: sql`case when ${purged} then '' else ${t.htmlBody} end`,
      headers: sql`case when ${purged} then null else ${t.headers} end`,
    })
    .where(eq(t.id, id));
}

/**
 * List mail not sent (issue 51): its address is suppressed, its server refused it for good, its mailing was
 * cancelled, or ("held") its mailing is paused: held mail is queued again on resume (requeueHeldMail).
 */
export async function markMailDropped(id: number, reason: "suppressed" | "bounced" | "held" | "cancelled"): Promise<void> {
  await getDb()
    .update(t)
    .set({ droppedAt: sql`now()`, dropReason: reason })
    .where(and(eq(t.id, id), isNull(t.sentAt)));
}

/**
 * A resumed mailing (issue 51): its held messages are queued again, each by its own delivery job (found again
 * by its key, or made anew once the runner pruned it), in `db`, the resume's transaction.
 */
export async function requeueHeldMail(db: DbExecutor, campaign: string): Promise<number> {
  const held = await db
    .update(t)
    .set({ droppedAt: null, dropReason: null })
    .where(and(eq(t.campaign, campaign), eq(t.dropReason, "held"), isNull(t.sentAt)))
    .returning({ id: t.id });
  for (const { id } of held) {
    if (!(await requeueFinishedJob(db, `mail:${id}`)))
      await enqueueJob(db, DELIVER_BULK_MAIL, { mailId: id } satisfies DeliverMailPayload, { idempotencyKey: `mail:${id}` });
  }
  return held.length;
}

/** A cancelled mailing: its held messages will never go. */
export async function cancelHeldMail(db: DbExecutor, campaign: string): Promise<number> {
  const cancelled = await db
    .update(t)
    .set({ dropReason: "cancelled" })
    .where(and(eq(t.campaign, campaign), eq(t.dropReason, "held"), isNull(t.sentAt)))
    .returning({ id: t.id });
  return cancelled.length;
}

export type OutboxHealth = { undelivered: number; lastError: string | null; nextAttemptAt: string | null };

/** For the admin dashboard: how much mail is still waiting, and why the last attempt failed. */
export async function outboxHealth(): Promise<OutboxHealth> {
  const db = getDb();
  const jobs = schema.jobs;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(isNull(t.sentAt));
  const [failed] = await db
    .select({ lastError: jobs.lastError, state: jobs.state, at: jobs.runAt })
    .from(jobs)
    .where(and(inArray(jobs.type, MAIL_JOB_TYPES), inArray(jobs.state, ["queued", "running", "dead"]), isNotNull(jobs.lastError)))
    .orderBy(desc(jobs.runAt))
    .limit(1);
  return {
    undelivered: Number(count?.n ?? 0),
    lastError: failed?.lastError ?? null,
    // A dead message waits for the admin's retry, not for a time.
    nextAttemptAt: failed && failed.state !== "dead" ? failed.at.toISOString() : null,
  };
}
