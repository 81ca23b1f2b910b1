import { isStaffRole, type StaffMember } from "../roles";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { readCookie } from "~/core/http/cookies";
import { getDb, schema } from "~/core/database/db.server";
import { setCookie } from "~/core/http/cookies.server";
import { dbNow } from "~/core/database/db-clock.server";
import { hashSecret, newSecretToken } from "~/core/secrets/secret-token.server";

/**
 * A sign-in whose password was right and whose second factor is still due. It lives in the database
 * (any instance can finish it), for 10 minutes (long enough to set up an authenticator app), and
 * ends after 5 wrong codes. The browser holds only a random id, in an HttpOnly cookie.
 */
const PENDING_COOKIE = "clink_pending_sign_in";
const PENDING_TTL_S = 10 * 60;
const MAX_FAILURES_PER_PENDING = 5;

export type PendingSignIn = { idHash: string; stage: "verify" | "setup"; failedAttempts: number; admin: StaffMember };

const cookie = (request: Request, value: string, maxAge: number) => setCookie(request, PENDING_COOKIE, value, { maxAge });

export const clearPendingCookie = (request: Request) => cookie(request, "", 0);

/** Starts a pending sign-in for `adminId`; gives its Set-Cookie. */
export async function startPendingSignIn(request: Request, adminId: number, stage: PendingSignIn["stage"]): Promise<string> {
  const db = getDb();
  await db.delete(schema.pendingSignIns).where(lt(schema.pendingSignIns.expiresAt, sql`now()`));
  const previous = readCookie(request, PENDING_COOKIE);
  if (previous) await db.delete(schema.pendingSignIns).where(eq(schema.pendingSignIns.idHash, hashSecret(previous)));
  const id = newSecretToken();
  await db.insert(schema.pendingSignIns).values({
    idHash: hashSecret(id),
    adminUserId: adminId,
    stage,
    expiresAt: new Date(dbNow().getTime() + PENDING_TTL_S * 1000),
  });
  return cookie(request, id, PENDING_TTL_S);
}

/** The request's pending sign-in, when it is still valid. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const id = readCookie(request, PENDING_COOKIE);
  if (!id || id.length > 200) return null;
  const [row] = await getDb()
    .select({
      idHash: schema.pendingSignIns.idHash,
      stage: schema.pendingSignIns.stage,
      failedAttempts: schema.pendingSignIns.failedAttempts,
      id: schema.adminUsers.id,
      email: schema.adminUsers.email,
      name: schema.adminUsers.name,
      role: schema.adminUsers.role,
      status: schema.adminUsers.status,
    })
    .from(schema.pendingSignIns)
    .innerJoin(schema.adminUsers, eq(schema.adminUsers.id, schema.pendingSignIns.adminUserId))
    .where(
      and(
        eq(schema.pendingSignIns.idHash, hashSecret(id)),
        gt(schema.pendingSignIns.expiresAt, sql`now()`),
        lt(schema.pendingSignIns.failedAttempts, MAX_FAILURES_PER_PENDING),
      ),
    )
    .limit(1);
  // Suspended meanwhile: the pending sign-in leads nowhere.
  if (!row || row.status !== "active" || !isStaffRole(row.role)) return null;
  return {
    idHash: row.idHash,
    stage: row.stage,
    failedAttempts: row.failedAttempts,
    admin: { id: row.id, email: row.email ?? "", name: row.name, role: row.role },
  };
}

/** Counts a wrong code against the pending sign-in; true when it has now run out of tries. */
export async function countPendingFailure(pending: PendingSignIn): Promise<boolean> {
  const [row] = await getDb()
    .update(schema.pendingSignIns)
    .set({ failedAttempts: sql`${schema.pendingSignIns.failedAttempts} + 1` })
    .where(eq(schema.pendingSignIns.idHash, pending.idHash))
    .returning({ failedAttempts: schema.pendingSignIns.failedAttempts });
  return !row || row.failedAttempts >= MAX_FAILURES_PER_PENDING;
}

/**
 * Ends the pending sign-in, once: true for the one caller that removed it (two requests finishing
 * the same pending sign-in cannot both open a session).
 */
export async function endPendingSignIn(pending: Pick<PendingSignIn, "idHash">): Promise<boolean> {
  const removed = await getDb()
    .delete(schema.pendingSignIns)
    .where(eq(schema.pendingSignIns.idHash, pending.idHash))
    .returning({ idHash: schema.pendingSignIns.idHash });
  return removed.length === 1;
}
