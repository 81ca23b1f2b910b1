import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { deviceOf } from "./session-place";
import { endSessions, type StaffSession } from "./session.server";

const s = schema.adminSessions;

/** One of a member's open sessions as their profile lists it. `id` is a short public handle, not the cookie. */
export type SessionListing = {
  id: string;
  device: string;
  network: string | null;
  lastSeenAt: string;
  createdAt: string;
  current: boolean;
};

const handleOf = (idHash: string) => idHash.slice(0, 16);

export async function listSessions(session: StaffSession): Promise<SessionListing[]> {
  const rows = await getDb()
    .select()
    .from(s)
    .where(and(eq(s.adminUserId, session.staff.id), gt(s.expiresAt, sql`now()`)))
    .orderBy(desc(s.lastSeenAt));
  // This session first, then the others by when they were last seen.
  const ordered = [...rows.filter((r) => r.idHash === session.sessionHash), ...rows.filter((r) => r.idHash !== session.sessionHash)];
  return ordered.map((row) => ({
    id: handleOf(row.idHash),
    device: deviceOf(row.userAgent),
    network: row.network,
    lastSeenAt: row.lastSeenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    current: row.idHash === session.sessionHash,
  }));
}

/** Ends one of the member's other sessions; false when there is no such session (or it is this one). */
export async function endOtherSession(session: StaffSession, id: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16}$/.test(id)) return false;
  // The handle is compared whole: as a LIKE pattern, "_" would match any character.
  const ended = await getDb()
    .delete(s)
    .where(and(eq(s.adminUserId, session.staff.id), eq(sql`left(${s.idHash}, 16)`, id), ne(s.idHash, session.sessionHash)))
    .returning({ idHash: s.idHash });
  if (ended.length === 0) return false;
  await recordAudit(session.staff, "staff.end_session", {
    targetType: "staff",
    targetId: session.staff.id,
    summary: "Ended another session",
  });
  return true;
}

export async function endAllOtherSessions(session: StaffSession): Promise<void> {
  await endSessions(getDb(), session.staff.id, session.sessionHash);
  await recordAudit(session.staff, "staff.end_sessions", {
    targetType: "staff",
    targetId: session.staff.id,
    summary: "Ended every other session",
  });
}
