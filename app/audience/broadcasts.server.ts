import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { getDb, rowsOf, schema, type DbExecutor } from "~/core/database/db.server";
import { campaignStates } from "~/deliverability/campaigns.server";
import {
  broadcastCampaign,
  type BroadcastInput,
  type BroadcastReport,
  type BroadcastState,
  type BroadcastSummary,
  type Segment,
} from "./broadcasts";
import type { ListName } from "./lists";
import { onList } from "./list-mail.server";

/**
 * Broadcasts kept and read (issue 43, decision record 0049): drafts written by editors and up, their
 * recipients counted from the list as it is now, and each broadcast's report read from its delivery rows
 * (or, once the retention job erased those, from the numbers it kept). Sending is broadcast-mail.server.ts.
 */
const b = schema.broadcasts;
const LIST_LIMIT = 200;

type BroadcastRow = typeof b.$inferSelect;

export async function countRecipients(list: ListName, segment: Segment, db: DbExecutor = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.subscribers)
    .where(onList(list, segment));
  return Number(row?.n ?? 0);
}

/** The segment a broadcast's row names (no key for what it does not narrow). */
export const segmentOf = (row: BroadcastRow): Segment =>
  ({ ...(row.segmentCity ? { city: row.segmentCity } : {}), ...(row.segmentPlatform ? { platform: row.segmentPlatform } : {}) }) as Segment;
const fields = (input: BroadcastInput) => ({
  subject: input.subject,
  markdown: input.markdown,
  list: input.list,
  segmentCity: input.segment?.city ?? null,
  segmentPlatform: input.segment?.platform ?? null,
});

export async function createBroadcast(
  staff: StaffMember,
  input: BroadcastInput,
): Promise<{ id: number; state: "draft"; recipients: number }> {
  const [row] = await getDb()
    .insert(b)
    .values({ ...fields(input), createdBy: staff.id })
    .returning({ id: b.id });
  return { id: row!.id, state: "draft", recipients: await countRecipients(input.list, input.segment ?? {}) };
}

/** Edits a draft; "not-found", or "not-draft" once it was sent or scheduled (it cannot change then). */
export async function updateBroadcast(
  id: number,
  input: BroadcastInput,
): Promise<{ id: number; state: "draft"; recipients: number } | "not-found" | "not-draft"> {
  const [row] = await getDb()
    .update(b)
    .set({ ...fields(input), updatedAt: sql`now()` })
    .where(and(eq(b.id, id), eq(b.state, "draft")))
    .returning({ id: b.id });
  if (!row) return (await findBroadcast(id)) ? "not-draft" : "not-found";
  return { id, state: "draft", recipients: await countRecipients(input.list, input.segment ?? {}) };
}

export async function findBroadcast(id: number, db: DbExecutor = getDb()): Promise<BroadcastRow | undefined> {
  const [row] = await db.select().from(b).where(eq(b.id, id));
  return row;
}

type Counts = {
  recipients: number;
  sent: number;
  failed: number;
  queued: number;
  skipped: number;
  left: number;
  bounced: number;
  complained: number;
};

/** Each started broadcast's numbers, from the view over its delivery rows (drizzle/0036_broadcast_counts_view.sql). */
async function deliveryCounts(ids: number[]): Promise<Map<number, Counts>> {
  const counts = new Map<number, Counts>();
  if (!ids.length) return counts;
  const v = schema.broadcastCounts;
  for (const { broadcastId, ...row } of await getDb().select().from(v).where(inArray(v.broadcastId, ids)))
    counts.set(broadcastId, withQueued(row));
  return counts;
}

type ViewCounts = Omit<Counts, "queued" | "bounced" | "complained"> & { bounced?: number; complained?: number; refused?: number };
const withQueued = ({ refused = 0, ...c }: ViewCounts): Counts => ({
  ...c,
  bounced: c.bounced ?? 0,
  complained: c.complained ?? 0,
  // A message refused at sending time is neither sent nor waiting.
  queued: Math.max(0, c.recipients - c.sent - c.failed - c.skipped - refused),
});

async function summaries(rows: BroadcastRow[]): Promise<Array<BroadcastSummary & Counts>> {
  const counts = await deliveryCounts(rows.filter((row) => row.startedAt && !row.keptReport).map((row) => row.id));
  // "sent" once every message was queued: a pause holds those not yet delivered.
  const campaigns = await campaignStates(
    rows.filter((row) => row.state === "sending" || row.state === "sent").map((row) => broadcastCampaign(row.id)),
  );
  const out: Array<BroadcastSummary & Counts> = [];
  for (const row of rows) {
    const kept = row.keptReport ? withQueued(row.keptReport) : null;
    // Not started: the count is the segment's as it is now (what the send would take).
    const campaign = campaigns.get(broadcastCampaign(row.id));
    const c = kept ??
      counts.get(row.id) ?? {
        recipients: row.startedAt ? 0 : await countRecipients(row.list as ListName, segmentOf(row)),
        sent: 0,
        failed: 0,
        queued: 0,
        skipped: 0,
        left: 0,
        bounced: 0,
        complained: 0,
      };
    out.push({
      id: row.id,
      subject: row.subject,
      list: row.list as ListName,
      segment: segmentOf(row),
      state: campaign?.paused ? "paused" : (row.state as BroadcastState),
      pausedReason: campaign?.paused ? campaign.pausedReason : null,
      sendAt: row.sendAt?.toISOString() ?? null,
      startedAt: row.startedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      ...c,
    });
  }
  return out;
}

/** The past and pending broadcasts, newest first. */
export async function listBroadcasts(): Promise<BroadcastSummary[]> {
  const rows = await getDb().select().from(b).orderBy(desc(b.createdAt), desc(b.id)).limit(LIST_LIMIT);
  return summaries(rows);
}

/** A refusal may quote the address (editors see the report, never addresses): each becomes "[address]", then alike reasons are summed. */
function withoutAddresses(rows: Array<{ reason: string; count: number }>): Array<{ reason: string; count: number }> {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const reason = row.reason.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, "[address]");
    sums.set(reason, (sums.get(reason) ?? 0) + Number(row.count));
  }
  return [...sums].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** One broadcast's report, with the reasons its failed messages gave (no address: an erasure blanks errors naming one). */
export async function broadcastReport(id: number): Promise<BroadcastReport | null> {
  const row = await findBroadcast(id);
  if (!row) return null;
  const [summary] = await summaries([row]);
  const failures = await rowsOf<{ reason: string; count: number }>(
    getDb(),
    sql`
    select coalesce(j.last_error, 'Refused') as "reason", count(*)::int as "count"
    from ${schema.broadcastDeliveries} d
    join ${schema.mailOutbox} o on o.id = d.mail_id and o.sent_at is null
    join ${schema.jobs} j on j.idempotency_key = 'mail:' || d.mail_id and j.state = 'dead'
    where d.broadcast_id = ${id}
    group by 1 order by 2 desc limit 20`,
  );
  return {
    ...summary!,
    markdown: row.markdown,
    failures: withoutAddresses(failures),
  };
}
