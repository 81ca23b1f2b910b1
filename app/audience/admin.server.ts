import { desc, eq, gt, sql } from "drizzle-orm";
import type { Admin } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { toCsv } from "~/core/text/csv";
import { getDb, schema } from "~/core/database/db.server";
import {
  LIST_LABELS,
  LISTS,
  SUBSCRIBER_STATES,
  type AudienceCounts,
  type ListName,
  type SubscriberRow,
  type SubscriberState,
} from "./lists";
import { onList } from "./list-mail.server";
import { waitlistSpots } from "./spots.server";

const t = schema.subscribers;
/** How many subscribers the admin list and export hold: the newest. */
const LIST_LIMIT = 5000;

/** The list's subscribers, newest first, with their consent record (administrators and the owner). */
export async function listSubscribers(list: ListName): Promise<SubscriberRow[]> {
  const rows = await getDb().select().from(t).where(eq(t.list, list)).orderBy(desc(t.createdAt), desc(t.id)).limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    list: row.list as ListName,
    email: row.email,
    city: row.city,
    platform: row.platform,
    state: row.state as SubscriberState,
    consentPage: row.consentPage,
    consentWording: row.consentWording,
    consentAt: row.consentAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    endedReason: (row.endedReason as SubscriberRow["endedReason"]) ?? null,
  }));
}

/** Counts only, no address: what editors see too. */
export async function audienceCounts(): Promise<AudienceCounts> {
  const db = getDb();
  const lists = Object.fromEntries(
    LISTS.map((list) => [list, Object.fromEntries(SUBSCRIBER_STATES.map((s) => [s, 0]))]),
  ) as AudienceCounts["lists"];
  for (const row of await db
    .select({ list: t.list, state: t.state, n: sql<number>`count(*)::int` })
    .from(t)
    .groupBy(t.list, t.state)) {
    const byState = lists[row.list as ListName];
    if (byState && row.state in byState) byState[row.state as SubscriberState] = Number(row.n);
  }
  const onWaitlist = onList("waitlist");
  const byCity = await db
    .select({ city: sql<string>`coalesce(${t.city}, 'Other')`, count: sql<number>`count(*)::int` })
    .from(t)
    .where(onWaitlist)
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`);
  const byPlatform = await db
    .select({ platform: sql<string>`coalesce(${t.platform}, 'unknown')`, count: sql<number>`count(*)::int` })
    .from(t)
    .where(onWaitlist)
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`);
  const growthRows = await db
    .select({
      day: sql<string>`to_char(date_trunc('day', ${t.confirmedAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      waitlist: sql<number>`count(*) filter (where ${t.list} = 'waitlist')::int`,
      blog: sql<number>`count(*) filter (where ${t.list} = 'blog')::int`,
    })
    .from(t)
    .where(gt(t.confirmedAt, sql`now() - interval '90 days'`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return {
    lists,
    byCity: byCity.map((r) => ({ city: r.city, count: Number(r.count) })),
    byPlatform: byPlatform.map((r) => ({ platform: r.platform, count: Number(r.count) })),
    growth: growthRows.map((r) => ({ day: r.day, waitlist: Number(r.waitlist), blog: Number(r.blog) })),
    spots: await waitlistSpots(),
  };
}

/** The export (formula-safe CSV), written to the audit log: who exported which list (not the addresses). */
export async function subscribersCsv(admin: Admin, list: ListName): Promise<string> {
  const rows = await listSubscribers(list);
  await recordAudit(admin, "audience.export", {
    targetType: "audience_list",
    targetId: list,
    summary: `Exported the ${LIST_LABELS[list]} (${rows.length} rows)`,
  });
  return toCsv(
    ["ID", "List", "Email", "City", "Platform", "State", "Consent given", "Consent page", "Consent wording", "Confirmed", "Ended"],
    rows.map((r) => [
      r.id,
      r.list,
      r.email,
      r.city ?? "",
      r.platform ?? "",
      r.state,
      r.consentAt,
      r.consentPage,
      r.consentWording,
      r.confirmedAt ?? "",
      r.endedAt ?? "",
    ]),
  );
}

/** Deletes one subscription for good (its deliveries with it) and audits it by id. */
export async function deleteSubscriber(admin: Admin, id: number): Promise<boolean> {
  const [row] = await getDb().delete(t).where(eq(t.id, id)).returning({ id: t.id, list: t.list });
  if (!row) return false;
  await recordAudit(admin, "audience.delete", {
    targetType: "audience_subscriber",
    targetId: id,
    summary: `Deleted subscriber #${id} of the ${LIST_LABELS[row.list as ListName] ?? row.list}`,
  });
  return true;
}
