import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { AuditActor } from "~/core/database/audit.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { faultPoint } from "~/core/instance/faults.server";
import { currentRelease } from "~/core/instance/release.server";
import type { ErrorKind } from "./event";

/** An issue as the admin lists it (GET /api/admin/errors). */
export type ErrorIssueItem = {
  id: number;
  message: string;
  type: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  release: string;
  firstRelease: string;
  kind: ErrorKind;
  sampleStack: string;
  pages: Record<string, number>;
  browsers: Record<string, number>;
  resolved: boolean;
  resolvedRelease: string | null;
};

/** Open issues first, then resolved; each by last seen, newest first (at most 200). */
export async function listErrorIssues(): Promise<ErrorIssueItem[]> {
  // Tests make the list fail here (CLINK_FAULT_INJECTION): a server fault that must itself be captured.
  faultPoint("errors.list");
  const i = schema.errorIssues;
  const rows = await getDb().select().from(i).orderBy(i.resolved, desc(i.lastSeen)).limit(200);
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    type: row.type,
    count: row.count,
    firstSeen: row.firstSeen.toISOString(),
    lastSeen: row.lastSeen.toISOString(),
    release: row.release,
    firstRelease: row.firstRelease,
    kind: row.kind as ErrorKind,
    sampleStack: row.sampleStack,
    pages: row.pages,
    browsers: row.browsers,
    resolved: row.resolved,
    resolvedRelease: row.resolvedRelease,
  }));
}

/** Marks an issue resolved (in this release) or open again; false when there is no such issue. Audited. */
export async function setIssueResolved(actor: AuditActor, id: number, resolved: boolean): Promise<boolean> {
  const i = schema.errorIssues;
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(i)
      .set(
        resolved
          ? { resolved: true, resolvedRelease: currentRelease(), resolvedAt: new Date() }
          : { resolved: false, resolvedRelease: null, resolvedAt: null },
      )
      .where(eq(i.id, id))
      .returning({ message: i.message });
    if (!row) return false;
    await recordAudit(
      actor,
      resolved ? "error.resolve" : "error.reopen",
      { targetType: "error", targetId: id, summary: row.message.slice(0, 200) },
      tx,
    );
    return true;
  });
}

/** For the overview: open issues first seen in the last day. */
export async function newIssuesOfLastDay(
  now = new Date(),
): Promise<{ count: number; newest: Array<{ id: number; message: string; count: number }> }> {
  const i = schema.errorIssues;
  const since = new Date(now.getTime() - 86_400_000);
  const where = and(gte(i.firstSeen, since), eq(i.resolved, false));
  const [total] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(i)
    .where(where);
  const newest = await getDb()
    .select({ id: i.id, message: i.message, count: i.count })
    .from(i)
    .where(where)
    .orderBy(desc(i.firstSeen))
    .limit(3);
  return { count: Number(total?.n ?? 0), newest };
}
