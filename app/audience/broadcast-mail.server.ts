import { and, eq, isNull, sql } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { recordAudit } from "~/core/audit.server";
import { dbNow } from "~/core/db-clock.server";
import { getDb, schema, type DbExecutor } from "~/core/db.server";
import { getEnv } from "~/core/env.server";
import { defineJobType, enqueueJob } from "~/core/jobs.server";
import { logger } from "~/core/logger.server";
import { renderMarkdownBounded } from "~/core/markdown-work.server";
import { queueMail } from "~/mail/outbox.server";
import { loadSuppressionKey, suppressedAmong } from "~/deliverability/suppressions.server";
import { openCampaign } from "~/deliverability/campaigns.server";
import { broadcastCampaign, feedbackIdHeader, listIdHeader } from "./broadcasts";
import { countRecipients, findBroadcast, recipientsWhere, segmentOf } from "./broadcasts.server";
import { LIST_LABELS, type ListName } from "./lists";
import { afterBudgetWait, batchSizeFor, BROADCAST_PURPOSE, BROADCAST_TEST_PURPOSE, listMailRoom } from "./list-mail.server";
import { broadcastMail, listHeaders } from "./mail";
import { loadUnsubscribeKey, unsubscribeLink } from "./subscriptions.server";

/**
 * Sending a broadcast (decision record 0049). At the moment it is sent (now, or by the start job at its
 * time), its recipients are taken: one delivery row per person of the segment (primary key broadcast and
 * person: never two). Batches of the job runner then turn rows into outbox messages, each row marked in the
 * transaction that queues its message, within the hourly mail budget (list-mail.server.ts). A batch killed
 * half-way rolls back whole; a second instance skips the rows another holds: one message per person.
 */
export const BROADCAST_START_JOB = "audience.broadcast-start";
export const BROADCAST_MAIL_JOB = "audience.broadcast-mail";
type StartPayload = { broadcastId: number };
type BatchPayload = { broadcastId: number; batch: number };

const b = schema.broadcasts;
const deliveries = schema.broadcastDeliveries;
const subscribers = schema.subscribers;

type Row = NonNullable<Awaited<ReturnType<typeof findBroadcast>>>;

/** Takes the recipients (the segment now) and queues the first batch; a broadcast with none is sent at once. */
async function takeRecipients(tx: DbExecutor, row: Row): Promise<number> {
  const rows = await tx.execute(sql`
    insert into ${deliveries} (broadcast_id, subscriber_id)
    select ${row.id}, ${subscribers.id} from ${subscribers} where ${recipientsWhere(row.list as ListName, segmentOf(row))}
    on conflict do nothing
    returning subscriber_id`);
  const taken = (rows as unknown as { rows: unknown[] }).rows.length;
  // Its bounces and complaints are counted from here, and can pause it (issue 51).
  await openCampaign(tx, broadcastCampaign(row.id), `Broadcast #${row.id}: ${row.subject}`);
  if (taken) await enqueueJob(tx, BROADCAST_MAIL_JOB, { broadcastId: row.id, batch: 1 } satisfies BatchPayload, { idempotencyKey: `broadcast-mail:${row.id}:1` });
  else await tx.update(b).set({ state: "sent", finishedAt: sql`now()` }).where(eq(b.id, row.id));
  logger.info({ broadcastId: row.id, recipients: taken }, "broadcast recipients taken");
  return taken;
}

export type SendOutcome = { state: "sending" | "scheduled"; recipients: number } | "not-found" | "already-sent";

/**
 * Sends a draft now, or at `at` (a time ahead; one already past sends now). Only a draft is sent: the
 * update that leaves the draft state is the guard, so a second send (or two at once) finds none.
 */
export async function sendBroadcast(staff: StaffMember, id: number, at: Date | null): Promise<SendOutcome> {
  const later = at && at.getTime() > dbNow().getTime() + 1000 ? at : null;
  const outcome = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set(later ? { state: "scheduled", sendAt: later, updatedAt: sql`now()` } : { state: "sending", startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(b.id, id), eq(b.state, "draft")))
      .returning();
    if (!row) return null;
    const summary = `${later ? `Scheduled for ${later.toISOString()}` : "Sent"} broadcast #${id} to the ${LIST_LABELS[row.list as ListName]}`;
    await recordAudit(staff, "audience.broadcast", { targetType: "audience_broadcast", targetId: id, summary }, tx);
    if (later) {
      await enqueueJob(tx, BROADCAST_START_JOB, { broadcastId: id } satisfies StartPayload, { idempotencyKey: `broadcast-start:${id}`, runAt: later });
      return { state: "scheduled" as const, recipients: await countRecipients(row.list as ListName, segmentOf(row), tx) };
    }
    return { state: "sending" as const, recipients: await takeRecipients(tx, row) };
  });
  if (outcome) return outcome;
  return (await findBroadcast(id)) ? "already-sent" : "not-found";
}

/** The start job of a scheduled broadcast: its recipients are the segment at its time. Run twice, it does nothing more. */
async function startScheduled({ broadcastId }: StartPayload): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(b)
      .set({ state: "sending", startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(b.id, broadcastId), eq(b.state, "scheduled")))
      .returning();
    if (row) await takeRecipients(tx, row);
  });
}

/**
 * A broadcast's body as HTML, rendered once (per broadcast and instance) on the bounded Markdown worker,
 * before any transaction: a costly text holds neither the event loop nor a row lock. Only the unsubscribe
 * link differs between recipients, and it is outside the body. Kept by its Markdown, so an edit is new.
 */
const renderedBodies = new Map<string, Promise<string>>();
const KEPT_BODIES = 8;

export function broadcastBody(markdown: string): Promise<string> {
  let body = renderedBodies.get(markdown);
  if (!body) {
    body = renderMarkdownBounded(markdown).then(({ html }) => html);
    body.catch(() => renderedBodies.delete(markdown));
    renderedBodies.set(markdown, body);
    for (const key of renderedBodies.keys()) if (renderedBodies.size > KEPT_BODIES) renderedBodies.delete(key);
  }
  return body;
}

/** One batch: queues up to the budget's room, each row marked with its message; the next batch is a job of its own. */
async function sendBatch({ broadcastId, batch }: BatchPayload): Promise<void> {
  const env = getEnv();
  await loadUnsubscribeKey();
  await loadSuppressionKey();
  const sending = await findBroadcast(broadcastId);
  if (!sending) return;
  const bodyHtml = await broadcastBody(sending.markdown);
  await getDb().transaction(async (tx) => {
    const row = await findBroadcast(broadcastId, tx);
    // Cancelled (issue 51): nothing more is queued.
    if (!row || row.state === "cancelled") return;
    const next = (runAt?: Date) =>
      enqueueJob(tx, BROADCAST_MAIL_JOB, { broadcastId, batch: batch + 1 } satisfies BatchPayload, { idempotencyKey: `broadcast-mail:${broadcastId}:${batch + 1}`, ...(runAt ? { runAt } : {}) });
    const room = await listMailRoom(tx);
    if (room <= 0) {
      await next(afterBudgetWait());
      return;
    }
    const list = row.list as ListName;
    const stillOn = list === "waitlist" ? ["confirmed", "notify"] : ["confirmed"];
    const result = await tx.execute(sql`
      select d.subscriber_id as "subscriberId", s.email, s.state
      from ${deliveries} d join ${subscribers} s on s.id = d.subscriber_id
      where d.broadcast_id = ${broadcastId} and d.done_at is null
      order by d.subscriber_id
      limit ${batchSizeFor(room, bodyHtml.length + row.markdown.length)}
      for update of d skip locked`);
    const todo = (result as unknown as { rows: Array<{ subscriberId: number; email: string; state: string }> }).rows;
    const listId = listIdHeader(list, LIST_LABELS[list], env.SITE_URL);
    // On the suppression list (issue 51): skipped like one who left.
    const suppressed = await suppressedAmong(tx, todo.map((person) => person.email));
    for (const person of todo) {
      let mailId: number | null = null;
      // Left the list since the recipients were taken: nothing is sent.
      if (stillOn.includes(person.state) && !suppressed.has(person.email.toLowerCase())) {
        const leave = await unsubscribeLink(person.subscriberId);
        mailId = await queueMail(tx, {
          purpose: BROADCAST_PURPOSE,
          to: person.email,
          content: broadcastMail({ subject: row.subject, markdown: row.markdown, bodyHtml, list }, leave),
          headers: { ...listHeaders(leave), "List-Id": listId, "Feedback-ID": feedbackIdHeader(`broadcast-${broadcastId}`, list, env.SITE_URL) },
          bulk: true,
          campaign: broadcastCampaign(broadcastId),
        });
      }
      await tx
        .update(deliveries)
        .set({ mailId, doneAt: sql`now()` })
        .where(and(eq(deliveries.broadcastId, broadcastId), eq(deliveries.subscriberId, person.subscriberId), isNull(deliveries.doneAt)));
    }
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(and(eq(deliveries.broadcastId, broadcastId), isNull(deliveries.doneAt)));
    if (Number(left?.n ?? 0) > 0) await next();
    else await tx.update(b).set({ state: "sent", finishedAt: sql`now()` }).where(and(eq(b.id, broadcastId), eq(b.state, "sending")));
  });
}

/** A test to the signed-in staff member alone, its subject marked; it is not list mail and has no delivery row. */
export async function sendTestBroadcast(staff: StaffMember, id: number): Promise<boolean> {
  const row = await findBroadcast(id);
  if (!row) return false;
  const list = row.list as ListName;
  const bodyHtml = await broadcastBody(row.markdown);
  await getDb().transaction(async (tx) => {
    await queueMail(tx, {
      purpose: BROADCAST_TEST_PURPOSE,
      to: staff.email,
      content: broadcastMail({ subject: row.subject, markdown: row.markdown, bodyHtml, list }, null, true),
      headers: { "List-Id": listIdHeader(list, LIST_LABELS[list], getEnv().SITE_URL) },
    });
  });
  return true;
}

export function registerBroadcastJobs(): void {
  defineJobType<StartPayload>(BROADCAST_START_JOB, startScheduled);
  defineJobType<BatchPayload>(BROADCAST_MAIL_JOB, sendBatch);
}
