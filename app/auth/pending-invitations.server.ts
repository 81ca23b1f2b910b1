import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ApiError } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema, type DbExecutor } from "~/core/database/db.server";
import { assignableRoles, isStaffRole, ROLE_LABELS, type StaffRole } from "./roles";
import { type StaffMember } from "./session.server";

/**
 * Invitations not yet accepted. An invitation holds only while its sender could still send it: a
 * sender suspended, removed, or no longer allowed to invite that role voids it (checked when it is
 * accepted, and such invitations are not listed). Members see and revoke the invitations of the roles
 * they may invite themselves (decision 0012's matrix), whoever sent them.
 */
export type PendingInvitation = { id: number; email: string; role: StaffRole; invitedBy: string; createdAt: string; expiresAt: string };

const t = schema.staffTokens;
const sender = alias(schema.adminUsers, "sender");

/** Whether the sender of an invitation for `role` may still send it. */
export function senderStillAllowed(sent: { status: string; role: string } | null | undefined, role: string | null): boolean {
  if (!sent || sent.status !== "active" || !isStaffRole(sent.role) || !isStaffRole(role)) return false;
  return assignableRoles(sent.role).includes(role);
}

/** The sender (status and role) of an invitation, read in the caller's transaction. */
export async function invitationSender(db: DbExecutor, createdBy: number | null) {
  if (createdBy === null) return null;
  const [row] = await db
    .select({ status: schema.adminUsers.status, role: schema.adminUsers.role })
    .from(schema.adminUsers)
    .where(eq(schema.adminUsers.id, createdBy))
    .limit(1);
  return row ?? null;
}

async function pendingRows(id?: number) {
  const rows = await getDb()
    .select({
      id: t.id,
      email: t.email,
      role: t.role,
      createdAt: t.createdAt,
      expiresAt: t.expiresAt,
      sender: { name: sender.name, email: sender.email, status: sender.status, role: sender.role },
    })
    .from(t)
    .leftJoin(sender, eq(sender.id, t.createdBy))
    .where(and(eq(t.purpose, "invitation"), isNull(t.usedAt), gt(t.expiresAt, sql`now()`), id === undefined ? undefined : eq(t.id, id)))
    .orderBy(desc(t.createdAt), desc(t.id));
  return rows.filter((row) => senderStillAllowed(row.sender, row.role));
}

/** The pending invitations `actor` may see: those of the roles they may invite. */
export async function listPendingInvitations(actor: StaffMember): Promise<PendingInvitation[]> {
  const mine = assignableRoles(actor.role);
  return (await pendingRows())
    .filter((row) => isStaffRole(row.role) && mine.includes(row.role))
    .map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role as StaffRole,
      invitedBy: row.sender?.name || row.sender?.email || "",
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    }));
}

export const INVITATION_NOT_FOUND = "Invitation not found";

/** Revokes a pending invitation: 404 when there is none (accepted, expired, void), 403 for a role the actor may not invite. */
export async function revokeInvitation(actor: StaffMember, id: number): Promise<{ email: string }> {
  const [row] = await pendingRows(id);
  if (!row || !isStaffRole(row.role)) throw new ApiError(404, INVITATION_NOT_FOUND);
  if (!assignableRoles(actor.role).includes(row.role))
    throw new ApiError(403, `Your role cannot revoke an invitation as ${ROLE_LABELS[row.role]}.`);
  const removed = await getDb()
    .delete(t)
    .where(and(eq(t.id, id), eq(t.purpose, "invitation"), isNull(t.usedAt)))
    .returning({ id: t.id });
  if (removed.length === 0) throw new ApiError(404, INVITATION_NOT_FOUND);
  await recordAudit(actor, "staff.revoke_invitation", {
    targetType: "invitation",
    targetId: id,
    summary: `Revoked an invitation as ${ROLE_LABELS[row.role]}`,
  });
  return { email: row.email };
}
