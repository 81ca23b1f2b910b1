import { sql } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, rowsOf, type DbExecutor } from "~/core/database/db.server";
import { recentCampaigns } from "~/deliverability/campaigns.server";
import type { ControlOutcome } from "./broadcast-control.server";
import { postMail } from "./post-mail.server";
import type { PostMailing } from "./post-mailings";

/**
 * A new post's e-mails that paused themselves (issue 51, decision records 0071 and 0077) are resumed or
 * cancelled by an administrator or the owner, audited, as a broadcast is. Resumed: its held messages go out
 * again and its batches go on. Cancelled: its held messages never go, and the readers it had not reached yet
 * are marked done, so its batches queue nothing more (the list-mail engine's controls, list-mail.server.ts).
 */

async function postExists(db: DbExecutor, postId: number): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 from blog_posts where id = ${postId}`)).length > 0;
}

export async function resumePostMailing(staff: StaffMember, postId: number): Promise<ControlOutcome> {
  return getDb().transaction(async (tx) => {
    if (!(await postExists(tx, postId))) return "not-found";
    if (!(await postMail.resume(tx, postId))) return "not-paused";
    await recordAudit(
      staff,
      "audience.post-mail-resume",
      { targetType: "blog_post", targetId: postId, summary: `Resumed the e-mails of new post #${postId}` },
      tx,
    );
    return "done";
  });
}

export async function cancelPostMailing(staff: StaffMember, postId: number): Promise<ControlOutcome> {
  return getDb().transaction(async (tx) => {
    if (!(await postExists(tx, postId))) return "not-found";
    if (!(await postMail.cancel(tx, postId))) return "not-paused";
    await recordAudit(
      staff,
      "audience.post-mail-cancel",
      { targetType: "blog_post", targetId: postId, summary: `Cancelled the e-mails of new post #${postId}` },
      tx,
    );
    return "done";
  });
}

/** The latest new-post mailings (20), newest first, with their post's title and state. */
export async function listPostMailings(): Promise<PostMailing[]> {
  const db = getDb();
  const campaigns = (await recentCampaigns("post:")).flatMap((row) => {
    const postId = Number(row.key.slice("post:".length));
    return Number.isInteger(postId) ? [{ ...row, postId }] : [];
  });
  if (!campaigns.length) return [];
  const ids = campaigns.map((row) => row.postId);
  const titles = new Map<number, string>();
  const posts = await rowsOf<{ id: number; title: string }>(
    db,
    sql`select id, title from blog_posts where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const p of posts) titles.set(Number(p.id), p.title);
  const left = await postMail.left(db, ids);
  return campaigns.map((row) => ({
    postId: row.postId,
    title: titles.get(row.postId) ?? row.label,
    state: row.cancelled ? "cancelled" : row.paused ? "paused" : row.waiting > 0 || (left.get(row.postId) ?? 0) > 0 ? "sending" : "done",
    pausedReason: row.pausedReason,
    attempted: row.attempted,
    bounced: row.bounced,
    complained: row.complained,
  }));
}
