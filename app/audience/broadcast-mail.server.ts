import { and, eq, sql } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { dbNow } from "~/core/database/db-clock.server";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { enqueueJob } from "~/core/jobs/jobs.server";
import { renderMarkdownBounded } from "~/core/markdown/markdown-work.server";
import { queueMail } from "~/mail/outbox.server";
import { broadcastCampaign, listIdHeader } from "./broadcasts";
import { countRecipients, findBroadcast, segmentOf } from "./broadcasts.server";
import { LIST_LABELS, type ListName } from "./lists";
import { BROADCAST_PURPOSE, BROADCAST_TEST_PURPOSE, listMail, onList } from "./list-mail.server";
import { broadcastMail } from "./mail";

/**
 * Sending a broadcast (decision record 0049), a source of the list-mail engine (list-mail.server.ts,
 * decision record 0090). At the moment it is sent (now, or by the start job at its time), its recipients are
 * taken: the engine's fan-out over the segment; its batches queue the messages, one per person, and the last
 * marks the broadcast sent. A cancelled broadcast queues nothing more. Its campaign is `broadcast:ID`.
 */
export const BROADCAST_START_JOB = "audience.broadcast-start";
const BROADCAST_MAIL_JOB = "audience.broadcast-mail";
export type StartPayload = { broadcastId: number };

const b = schema.broadcasts;

type Row = NonNullable<Awaited<ReturnType<typeof findBroadcast>>>;

/** Takes the recipients (the segment now) and queues the first batch; a broadcast with none is sent at once. */
async function takeRecipients(tx: DbExecutor, row: Row): Promise<number> {
  const taken = await broadcastMailing.start(
    tx,
    row.id,
    onList(row.list as ListName, segmentOf(row)),
    `Broadcast #${row.id}: ${row.subject}`,
  );
  if (!taken)
    await tx
      .update(b)
      .set({ state: "sent", finishedAt: sql`now()` })
      .where(eq(b.id, row.id));
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
      .set(
        later
          ? { state: "scheduled", sendAt: later, updatedAt: sql`now()` }
          : { state: "sending", startedAt: sql`now()`, updatedAt: sql`now()` },
      )
      .where(and(eq(b.id, id), eq(b.state, "draft")))
      .returning();
    if (!row) return null;
    const summary = `${later ? `Scheduled for ${later.toISOString()}` : "Sent"} broadcast #${id} to the ${LIST_LABELS[row.list as ListName]}`;
    await recordAudit(staff, "audience.broadcast", { targetType: "audience_broadcast", targetId: id, summary }, tx);
    if (later) {
      await enqueueJob(tx, BROADCAST_START_JOB, { broadcastId: id } satisfies StartPayload, {
        idempotencyKey: `broadcast-start:${id}`,
        runAt: later,
      });
      return { state: "scheduled" as const, recipients: await countRecipients(row.list as ListName, segmentOf(row), tx) };
    }
    return { state: "sending" as const, recipients: await takeRecipients(tx, row) };
  });
  if (outcome) return outcome;
  return (await findBroadcast(id)) ? "already-sent" : "not-found";
}

/** The start job of a scheduled broadcast: its recipients are the segment at its time. Run twice, it does nothing more. */
export async function startScheduled({ broadcastId }: StartPayload): Promise<void> {
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

function broadcastBody(markdown: string): Promise<string> {
  let body = renderedBodies.get(markdown);
  if (!body) {
    body = renderMarkdownBounded(markdown).then(({ html }) => html);
    body.catch(() => renderedBodies.delete(markdown));
    renderedBodies.set(markdown, body);
    for (const key of renderedBodies.keys()) if (renderedBodies.size > KEPT_BODIES) renderedBodies.delete(key);
  }
  return body;
}

export const broadcastMailing = listMail({
  job: BROADCAST_MAIL_JOB,
  keyPrefix: "broadcast-mail",
  idKey: "broadcastId",
  deliveries: schema.broadcastDeliveries,
  itemColumn: schema.broadcastDeliveries.broadcastId,
  itemId: b.id,
  purpose: BROADCAST_PURPOSE,
  campaign: broadcastCampaign,
  feedbackId: (id) => `broadcast-${id}`,
  prepare: async (id) => {
    const row = await findBroadcast(id);
    return row ? { bodyHtml: await broadcastBody(row.markdown) } : null;
  },
  // Cancelled (issue 51): nothing more is queued.
  load: async (tx, id) => {
    const row = await findBroadcast(id, tx);
    return row && row.state !== "cancelled" ? row : null;
  },
  list: (row) => row.list as ListName,
  mailBytes: (row, { bodyHtml }) => bodyHtml.length + row.markdown.length,
  message: (row, { bodyHtml }, leave) => {
    const list = row.list as ListName;
    return {
      content: broadcastMail({ subject: row.subject, markdown: row.markdown, bodyHtml, list }, leave),
      headers: { "List-Id": listIdHeader(list, LIST_LABELS[list], getEnv().SITE_URL) },
    };
  },
  finished: async (tx, id) =>
    void (await tx
      .update(b)
      .set({ state: "sent", finishedAt: sql`now()` })
      .where(and(eq(b.id, id), eq(b.state, "sending")))),
});

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
