import { eq, sql } from "drizzle-orm";
import type { StaffMember } from "~/auth/session.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { broadcastMailing } from "./broadcast-mail.server";

/**
 * A broadcast that paused itself (issue 51, decision record 0071) is resumed or cancelled by an administrator
 * or the owner, audited. It may be "sent" already (every message queued) while its held messages wait. Resumed: its held messages go out again, and the block of attempts that paused it
 * does not pause it again. Cancelled: nothing more goes out; who had not had it yet is counted as skipped.
 */
export type ControlOutcome = "done" | "not-found" | "not-paused";

const b = schema.broadcasts;

export async function resumeBroadcast(staff: StaffMember, id: number): Promise<ControlOutcome> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ state: b.state }).from(b).where(eq(b.id, id));
    if (!row) return "not-found";
    if (!["sending", "sent"].includes(row.state) || !(await broadcastMailing.resume(tx, id))) return "not-paused";
    await recordAudit(
      staff,
      "audience.broadcast-resume",
      { targetType: "audience_broadcast", targetId: id, summary: `Resumed broadcast #${id}` },
      tx,
    );
    return "done";
  });
}

export async function cancelBroadcast(staff: StaffMember, id: number): Promise<ControlOutcome> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select({ state: b.state }).from(b).where(eq(b.id, id));
    if (!row) return "not-found";
    if (!["sending", "sent"].includes(row.state) || !(await broadcastMailing.cancel(tx, id))) return "not-paused";
    await tx
      .update(b)
      .set({ state: "cancelled", finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(b.id, id));
    await recordAudit(
      staff,
      "audience.broadcast-cancel",
      { targetType: "audience_broadcast", targetId: id, summary: `Cancelled broadcast #${id}` },
      tx,
    );
    return "done";
  });
}
