import { eq, sql } from "drizzle-orm";
import { ApiError } from "~/core/http/api.server";
import { recordAudit } from "~/core/database/audit.server";
import { getDb, schema } from "~/core/database/db.server";
import { consume } from "~/core/limits/rate-limit.server";
import { queueMail } from "~/mail/outbox.server";
import { invitationMail } from "./mail";
import { createLink, useLink } from "./one-time-links.server";
import { hashPassword } from "./password.server";
import { invitationSender, senderStillAllowed } from "./pending-invitations.server";
import { assignableRoles, isStaffRole, ROLE_LABELS, type StaffRole } from "./roles";
import { assignSlug, newPasswordProblem } from "./staff.server";
import { type StaffMember } from "./session.server";

/**
 * Invitations: an administrator (any role but owner) or an editor (authors and contributors) invites an
 * address; the e-mail's link (7 days, once) leads to a page where the new member sets name and password.
 */
export async function invite(actor: StaffMember, email: string, role: StaffRole): Promise<{ id: number }> {
  if (!assignableRoles(actor.role).includes(role)) throw new ApiError(403, `Your role cannot invite someone as ${ROLE_LABELS[role]}.`);
  const limit = await consume("invitationsByStaff", String(actor.id));
  if (limit.limited)
    throw new ApiError(429, "Too many invitations. Please wait and try again.", {}, { "Retry-After": String(limit.retryAfterSeconds) });
  const [existing] = await getDb()
    .select({ id: schema.adminUsers.id })
    .from(schema.adminUsers)
    .where(eq(sql`lower(${schema.adminUsers.email})`, email))
    .limit(1);
  if (existing)
    throw new ApiError(409, "This address already belongs to a staff member", {
      errors: { email: "This address already belongs to a staff member" },
    });
  const id = await getDb().transaction(async (tx) => {
    const link = await createLink(tx, "invitation", { email, role, createdBy: actor.id });
    await queueMail(tx, {
      purpose: "staff-invitation",
      to: email,
      content: invitationMail(actor.name || actor.email, role, link.url, link.token),
    });
    return link.id;
  });
  await recordAudit(actor, "staff.invite", { targetType: "invitation", targetId: id, summary: `Invited a new ${ROLE_LABELS[role]}` });
  return { id };
}

export type NewMember = { ok: true; staff: StaffMember } | { ok: false; status: 400 | 409; field?: "password" | "token"; message: string };

export const LINK_INVALID = "This link is no longer valid. Ask for a new one.";

/** Shared by invitations and the first owner's setup link: the link is used in the transaction that creates the member. */
export async function createMemberFromLink(
  token: string,
  purpose: "invitation" | "owner-setup",
  name: string,
  password: string,
  emailOverride?: string,
): Promise<NewMember> {
  const hash = await hashPassword(password);
  try {
    const staff = await getDb().transaction(async (tx) => {
      const link = await useLink(tx, token, purpose);
      if (!link) return null;
      // An invitation is void once its sender is suspended or may no longer invite that role.
      if (purpose === "invitation" && !senderStillAllowed(await invitationSender(tx, link.createdBy), link.role)) return null;
      // An operator's create-owner link names the address; the first start's link lets the page choose it.
      const email = link.email || emailOverride;
      if (!email) return null;
      const weak = await newPasswordProblem(password, { name, email });
      if (weak) throw new WeakPassword(weak);
      const role: StaffRole = purpose === "owner-setup" ? "owner" : isStaffRole(link.role) ? link.role : "contributor";
      if (purpose === "owner-setup") {
        const [anyOwner] = await tx
          .select({ id: schema.adminUsers.id })
          .from(schema.adminUsers)
          .where(eq(schema.adminUsers.role, "owner"))
          .limit(1);
        if (anyOwner) return null;
      }
      const [row] = await tx
        .insert(schema.adminUsers)
        .values({ email, name, passwordHash: hash, role, status: "active" })
        .returning({ id: schema.adminUsers.id });
      await assignSlug(tx, row!.id, name);
      return { id: row!.id, email, name, role } satisfies StaffMember;
    });
    if (!staff) return { ok: false, status: 400, field: "token", message: LINK_INVALID };
    await recordAudit(staff, purpose === "owner-setup" ? "staff.create_owner" : "staff.accept_invitation", {
      targetType: "staff",
      targetId: staff.id,
      summary: purpose === "owner-setup" ? "Created the owner account" : `Joined as ${ROLE_LABELS[staff.role]}`,
    });
    return { ok: true, staff };
  } catch (error) {
    if (error instanceof WeakPassword) return { ok: false, status: 400, field: "password", message: error.message };
    if ((error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") {
      return { ok: false, status: 409, message: "This address already belongs to a staff member" };
    }
    throw error;
  }
}

class WeakPassword extends Error {}
