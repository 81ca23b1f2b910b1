import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, schema, type Database } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import type { MailContent } from "./message";

const t = schema.mailOutbox;

/** The database or an open transaction: mail is queued inside the transaction of the record it is about. */
export type DbExecutor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type QueuedMail = {
  id: number;
  messageId: string;
  purpose: string;
  recipient: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
};

const queuedColumns = {
  id: t.id,
  messageId: t.messageId,
  purpose: t.purpose,
  recipient: t.recipient,
  replyTo: t.replyTo,
  subject: t.subject,
  textBody: t.textBody,
  htmlBody: t.htmlBody,
  attempts: t.attempts,
};

const wakeListeners = new Set<() => void>();

/** The local worker listens here, so mail queued by this instance goes out at once instead of at the next poll. */
export function onMailQueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** Call after the transaction that queued mail has committed. */
export function mailQueued(): void {
  for (const listener of wakeListeners) listener();
}

function messageIdFor(): string {
  const host = new URL(getEnv().SITE_URL).hostname || "clink.app";
  return `<${randomUUID()}@${host}>`;
}

/** Queues one message; `db` is the transaction that stores what the message is about. */
export async function queueMail(
  db: DbExecutor,
  mail: { purpose: string; to: string; replyTo?: string; content: MailContent; purgeOnDelivery?: boolean; runAt?: Date },
): Promise<void> {
  await db.insert(t).values({
    messageId: messageIdFor(),
    purpose: mail.purpose,
    recipient: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.content.subject,
    textBody: mail.content.text,
    htmlBody: mail.content.html,
    purgeOnDelivery: mail.purgeOnDelivery ?? false,
    ...(mail.runAt ? { nextAttemptAt: mail.runAt } : {}),
  });
}

/** Who hears of new submissions: ADMIN_NOTIFY_EMAIL, else the first admin account's address. */
export async function adminNotifyAddress(db: DbExecutor): Promise<string | null> {
  const configured = getEnv().ADMIN_NOTIFY_EMAIL;
  if (configured) return configured;
  const [first] = await db.select({ email: schema.adminUsers.email }).from(schema.adminUsers).orderBy(asc(schema.adminUsers.id)).limit(1);
  return first?.email ?? null;
}

/**
 * Takes up to `limit` due messages for this worker and leases them for `leaseMs`. One statement with
 * FOR UPDATE SKIP LOCKED: two instances asking at the same moment get different rows, and a row whose
 * worker died is taken again once its lease has run out.
 */
export async function claimDueMail(limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const due = getDb()
    .select({ id: t.id })
    .from(t)
    .where(and(isNull(t.sentAt), sql`${t.nextAttemptAt} <= now()`, sql`(${t.lockedUntil} is null or ${t.lockedUntil} < now())`))
    .orderBy(asc(t.nextAttemptAt), asc(t.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return getDb()
    .update(t)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(sql`${t.id} in ${due}`)
    .returning(queuedColumns);
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
      lockedUntil: null,
      attempts: sql`${t.attempts} + 1`,
      lastError: null,
      recipient: sql`case when ${purged} then '' else ${t.recipient} end`,
      replyTo: sql`case when ${purged} then null else ${t.replyTo} end`,
      subject: sql`case when ${purged} then '' else ${t.subject} end`,
      textBody: sql`case when ${purged} then '' else ${t.textBody} end`,
      htmlBody: sql`case when ${purged} then '' else ${t.htmlBody} end`,
    })
    .where(eq(t.id, id));
}

export async function markMailFailed(id: number, error: string, retryInMs: number): Promise<void> {
  await getDb()
    .update(t)
    .set({
      attempts: sql`${t.attempts} + 1`,
      lastError: error.slice(0, 500),
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(t.id, id));
}

export type OutboxHealth = { undelivered: number; lastError: string | null; nextAttemptAt: string | null };

/** For the admin dashboard: how much mail is still waiting, and why the last attempt failed. */
export async function outboxHealth(): Promise<OutboxHealth> {
  const db = getDb();
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(isNull(t.sentAt));
  const [failed] = await db
    .select({ lastError: t.lastError, at: t.nextAttemptAt })
    .from(t)
    .where(and(isNull(t.sentAt), isNotNull(t.lastError)))
    .orderBy(desc(t.nextAttemptAt))
    .limit(1);
  return { undelivered: count?.n ?? 0, lastError: failed?.lastError ?? null, nextAttemptAt: failed ? failed.at.toISOString() : null };
}
