import { and, eq, isNotNull, sql } from "drizzle-orm";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { logger } from "~/core/logs/logger.server";
import { consume } from "~/core/limits/rate-limit.server";
import { queueMail } from "~/mail/outbox.server";
import { passwordResetMail } from "./mail";
import { createLink, useLink } from "./one-time-links.server";
import { hashPassword } from "./password.server";
import { isStaffRole } from "./roles";
import { endSessions } from "./session.server";
import { newPasswordProblem } from "./staff.server";
import { LINK_INVALID } from "./invitations.server";

export const RESET_REQUESTED =
  "If this address belongs to a staff member, a link to choose a new password is on its way. It works for 1 hour.";

/**
 * "Forgot your password": the request always gets the same answer (no way to learn which addresses
 * are staff); an active member with that address gets a link (1 hour, once). Per address and per
 * client the requests are limited; past the limit nothing more is sent, and the answer is the same.
 */
export async function requestPasswordReset(
  email: string,
  clientIp: string,
): Promise<{ limited: false } | { limited: true; retryAfterSeconds: number }> {
  const byIp = await consume("staffMailByIp", clientIp);
  if (byIp.limited) return byIp;
  const byEmail = await consume("staffMailByEmail", email);
  if (byEmail.limited) return { limited: false };
  const [member] = await getDb()
    .select({ id: schema.adminUsers.id, email: schema.adminUsers.email })
    .from(schema.adminUsers)
    .where(
      and(
        eq(sql`lower(${schema.adminUsers.email})`, email),
        eq(schema.adminUsers.status, "active"),
        isNotNull(schema.adminUsers.passwordHash),
      ),
    )
    .limit(1);
  if (!member?.email) return { limited: false };
  await getDb().transaction(async (tx) => {
    const link = await createLink(tx, "password-reset", { email: member.email!, staffId: member.id });
    await queueMail(tx, { purpose: "password-reset", to: member.email!, content: passwordResetMail(link.url, link.token) });
  });
  logger.info({ staffId: member.id }, "password reset link sent");
  return { limited: false };
}

export type ResetResult = { ok: true } | { ok: false; field: "token" | "password"; message: string };

/** Sets the new password and ends every session of the member (whoever had the old one is out). */
export async function resetPassword(token: string, password: string): Promise<ResetResult> {
  const passwordHash = await hashPassword(password);
  let weak: string | null = null;
  const member = await getDb()
    .transaction(async (tx) => {
      const link = await useLink(tx, token, "password-reset");
      if (!link?.staffId) return null;
      const [row] = await tx.select().from(schema.adminUsers).where(eq(schema.adminUsers.id, link.staffId)).limit(1);
      if (!row || row.status !== "active" || !isStaffRole(row.role)) return null;
      weak = await newPasswordProblem(password, row);
      if (weak) {
        tx.rollback();
      }
      await tx
        .update(schema.adminUsers)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(schema.adminUsers.id, row.id));
      await endSessions(tx, row.id, null);
      return { id: row.id, email: row.email ?? "", name: row.name, role: row.role };
    })
    .catch((error: unknown) => {
      if (weak) return null;
      throw error;
    });
  if (weak) return { ok: false, field: "password", message: weak };
  if (!member) return { ok: false, field: "token", message: LINK_INVALID };
  await recordAudit(member, "staff.reset_password", {
    targetType: "staff",
    targetId: member.id,
    summary: "Reset the password through an e-mailed link",
  });
  return { ok: true };
}
