import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { getEnv } from "~/core/instance/env.server";
import { logger } from "~/core/logs/logger.server";
import type { ListMailVerdict } from "~/mail/delivery-hooks.server";
import { renderMail } from "~/mail/message";
import { cancelHeldMail, queueMail, requeueHeldMail, type QueuedMail } from "~/mail/outbox.server";
import { pauseReason } from "./campaign-rules";

/**
 * A mailing that stops itself (issue 51, decision record 0071). Each list message names its mailing (its
 * campaign: "broadcast:12", "post:5"); each attempt, hard bounce and complaint is counted on the mailing's
 * row, and past the limits (campaign-rules.ts) the row is paused and the owner told. While paused, each of its
 * messages whose turn comes is held in the outbox (not sent, not failed); resumed, they are queued again;
 * cancelled, they never go.
 */
const c = schema.mailCampaigns;
const outbox = schema.mailOutbox;
type Row = typeof c.$inferSelect;

export type CampaignState = {
  paused: boolean;
  pausedReason: string | null;
  cancelled: boolean;
  attempted: number;
  bounced: number;
  complained: number;
};

/** Opens the mailing's row (in the transaction that starts it); opening it again changes nothing. */
export async function openCampaign(tx: DbExecutor, key: string, label: string): Promise<void> {
  await tx
    .insert(c)
    .values({ key, label: label.slice(0, 300) })
    .onConflictDoNothing();
}

/** Whether a list message may go now; a paused mailing's message is marked held in the same transaction. */
export async function campaignVerdict(mail: QueuedMail): Promise<ListMailVerdict> {
  const key = mail.campaign;
  if (!key) return "send";
  return getDb().transaction(async (tx) => {
    // Locked: a resume waits for this, or this sees the resume.
    const [row] = await tx.select({ pausedAt: c.pausedAt, cancelledAt: c.cancelledAt }).from(c).where(eq(c.key, key)).for("update");
    if (!row || (!row.pausedAt && !row.cancelledAt)) return "send";
    if (row.cancelledAt) return "cancelled";
    await tx
      .update(outbox)
      .set({ droppedAt: sql`now()`, dropReason: "held" })
      .where(and(eq(outbox.id, mail.id), isNull(outbox.sentAt)));
    return "held";
  });
}

/** The owner hears of a pause at once (their own mail, not list mail). */
async function tellOwner(tx: DbExecutor, row: Row): Promise<void> {
  const owners = await tx
    .select({ email: schema.adminUsers.email })
    .from(schema.adminUsers)
    .where(and(eq(schema.adminUsers.role, "owner"), isNotNull(schema.adminUsers.email)));
  const link = new URL("/admin/broadcasts", getEnv().SITE_URL).toString();
  for (const owner of owners) {
    await queueMail(tx, {
      purpose: "mail-campaign-paused",
      to: owner.email!,
      content: renderMail(`Mailing paused: ${row.label}`, [
        { kind: "paragraph", text: `${row.label} paused itself: ${row.pausedReason}.` },
        {
          kind: "paragraph",
          text: `${row.attempted} attempted so far, ${row.bounced} refused for good, ${row.complained} reported as spam. Nothing more goes out until an administrator resumes or cancels it.`,
        },
        { kind: "link", label: "Resume or cancel it", href: link },
      ]),
    });
  }
}

/** After a change to the counts: pauses the mailing when the rules say so (once), and tells the owner. */
async function judge(tx: DbExecutor, row: Row | undefined): Promise<void> {
  if (!row || row.pausedAt || row.cancelledAt) return;
  const reason = pauseReason(row);
  if (!reason) return;
  const bounces = reason.includes("hard bounces");
  const [paused] = await tx
    .update(c)
    .set({ pausedAt: sql`now()`, pausedReason: reason, ...(bounces ? { pausedBlock: row.block } : {}), complaintsAtPause: row.complained })
    .where(and(eq(c.key, row.key), isNull(c.pausedAt), isNull(c.cancelledAt)))
    .returning();
  if (!paused) return;
  logger.warn({ campaign: row.key, reason }, "mailing paused");
  await tellOwner(tx, paused);
}

/** One attempt of the mailing's messages: delivered, or refused for good at sending time. */
export async function recordAttempt(key: string, outcome: "delivered" | "bounced"): Promise<void> {
  const bounce = outcome === "bounced" ? 1 : 0;
  await getDb().transaction(async (tx) => {
    // SET reads the row as it was: the new attempt's block is (attempted + 1 - 1) / 200.
    const [row] = await tx
      .update(c)
      .set({
        attempted: sql`${c.attempted} + 1`,
        bounced: sql`${c.bounced} + ${bounce}`,
        blockBounced: sql`case when ${c.attempted} / 200 = ${c.block} then ${c.blockBounced} + ${bounce} else ${bounce} end`,
        block: sql`${c.attempted} / 200`,
      })
      .where(eq(c.key, key))
      .returning();
    await judge(tx, row);
  });
}

/** A provider's later word on an address: the mailing that last sent it list mail (30 days) counts it. */
export async function recordLaterEvent(tx: DbExecutor, email: string, kind: "bounce" | "complaint"): Promise<void> {
  const [last] = await tx
    .select({ campaign: outbox.campaign })
    .from(outbox)
    .where(
      and(
        sql`lower(${outbox.recipient}) = ${email.trim().toLowerCase()}`,
        isNotNull(outbox.campaign),
        isNotNull(outbox.sentAt),
        gt(outbox.createdAt, sql`now() - interval '30 days'`),
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!last?.campaign) return;
  const [row] = await tx
    .update(c)
    .set(
      kind === "complaint"
        ? { complained: sql`${c.complained} + 1` }
        : { bounced: sql`${c.bounced} + 1`, blockBounced: sql`${c.blockBounced} + 1` },
    )
    .where(eq(c.key, last.campaign))
    .returning();
  await judge(tx, row);
}

/** Resumes a paused mailing (its held messages queued again); false when it is not paused. */
export async function resumeCampaign(db: DbExecutor, key: string): Promise<boolean> {
  const [row] = await db
    .update(c)
    .set({ pausedAt: null, pausedReason: null })
    .where(and(eq(c.key, key), isNotNull(c.pausedAt), isNull(c.cancelledAt)))
    .returning({ key: c.key });
  if (!row) return false;
  const requeued = await requeueHeldMail(db, key);
  logger.info({ campaign: key, requeued }, "mailing resumed");
  return true;
}

/** Cancels a paused mailing: its held messages never go; false when it is not paused. */
export async function cancelCampaign(db: DbExecutor, key: string): Promise<boolean> {
  const [row] = await db
    .update(c)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(c.key, key), isNotNull(c.pausedAt), isNull(c.cancelledAt)))
    .returning({ key: c.key });
  if (!row) return false;
  const dropped = await cancelHeldMail(db, key);
  logger.info({ campaign: key, dropped }, "mailing cancelled");
  return true;
}

/** The mailings' states, by key (those never opened are absent). */
export async function campaignStates(keys: string[], db: DbExecutor = getDb()): Promise<Map<string, CampaignState>> {
  const states = new Map<string, CampaignState>();
  if (!keys.length) return states;
  for (const row of await db.select().from(c).where(inArray(c.key, keys))) {
    states.set(row.key, {
      paused: row.pausedAt !== null && row.cancelledAt === null,
      pausedReason: row.pausedReason,
      cancelled: row.cancelledAt !== null,
      attempted: row.attempted,
      bounced: row.bounced,
      complained: row.complained,
    });
  }
  return states;
}

export type RecentCampaign = CampaignState & { key: string; label: string; waiting: number };

/** The latest mailings whose key starts with `prefix` ("post:"), newest first, with their messages not yet sent or dropped. */
export async function recentCampaigns(prefix: string, limit = 20, db: DbExecutor = getDb()): Promise<RecentCampaign[]> {
  const rows = await db
    .select({
      row: c,
      waiting: sql<number>`(select count(*)::int from ${outbox} where ${outbox.campaign} = ${c.key} and ${outbox.sentAt} is null and ${outbox.droppedAt} is null)`,
    })
    .from(c)
    .where(sql`${c.key} like ${`${prefix}%`}`)
    .orderBy(desc(c.createdAt), desc(c.key))
    .limit(limit);
  return rows.map(({ row, waiting }) => ({
    key: row.key,
    label: row.label,
    paused: row.pausedAt !== null && row.cancelledAt === null,
    pausedReason: row.pausedReason,
    cancelled: row.cancelledAt !== null,
    attempted: row.attempted,
    bounced: row.bounced,
    complained: row.complained,
    waiting: Number(waiting),
  }));
}
