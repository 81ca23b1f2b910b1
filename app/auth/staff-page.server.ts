import { data } from "react-router";
import { ApiError, asPageError, readForm } from "~/core/http/api.server";
import { fieldErrors } from "~/core/text/field-errors";
import { changePasswordSchema } from "./schema";
import { invite } from "./invitations.server";
import { INVITATION_NOT_FOUND, listPendingInvitations, revokeInvitation } from "./pending-invitations.server";
import { assignableRoles } from "./roles";
import { endAllOtherSessions, endOtherSession, listSessions } from "./sessions.server";
import { requireStaff } from "./session.server";
import { changePassword, changeRole, findStaff, listStaff, setStatus, transferOwnership, updateProfile } from "./staff.server";
import { invitationSchema, profileSchema, roleChangeSchema } from "./staff";

/**
 * The loaders and form actions of /admin/staff and /admin/profile. Each form names its `intent`; every
 * answer is `{intent, ok, errors, message}` so the page shows it beside the right form, with or without JavaScript.
 */
export type PageResult = { intent: string; ok: boolean; errors: Record<string, string>; message: string | null };

const noStore = { "Cache-Control": "no-store" };
const answer = (result: PageResult, status = 200) => data(result, { status, headers: noStore });

async function settle(intent: string, work: () => Promise<string>) {
  try {
    return answer({ intent, ok: true, errors: {}, message: await work() });
  } catch (error) {
    if (error instanceof ApiError) {
      const errors = (error.body.errors as Record<string, string> | undefined) ?? {};
      return answer({ intent, ok: false, errors, message: error.message }, error.status);
    }
    throw error;
  }
}

export async function staffPageData(request: Request) {
  const { staff } = await requireStaff(request, "editor");
  const [members, invitations] = await Promise.all([listStaff(), listPendingInvitations(staff)]);
  return { me: { id: staff.id, role: staff.role }, staff: members, invitations, assignable: assignableRoles(staff.role) };
}

export async function staffPageAction(request: Request) {
  const { staff } = await requireStaff(request, "editor");
  const form = Object.fromEntries(await readForm(request).catch(asPageError));
  const intent = String(form.intent ?? "");
  const target = Number(form.staffId);
  if (intent === "invite") {
    const parsed = invitationSchema.safeParse(form);
    if (!parsed.success) return answer({ intent, ok: false, errors: fieldErrors(parsed.error), message: null }, 400);
    return settle(intent, async () => {
      await invite(staff, parsed.data.email, parsed.data.role);
      return `Invitation sent to ${parsed.data.email}`;
    });
  }
  if (intent === "revoke-invitation") {
    const id = Number(form.invitationId);
    if (!Number.isInteger(id) || id < 1) return answer({ intent, ok: false, errors: {}, message: INVITATION_NOT_FOUND }, 404);
    return settle(intent, async () => `The invitation of ${(await revokeInvitation(staff, id)).email} was revoked`);
  }
  if (!Number.isInteger(target) || target < 1) return answer({ intent, ok: false, errors: {}, message: "Staff member not found" }, 404);
  if (intent === "change-role") {
    const parsed = roleChangeSchema.safeParse(form);
    if (!parsed.success) return answer({ intent, ok: false, errors: fieldErrors(parsed.error), message: null }, 400);
    return settle(intent, async () => `${(await changeRole(staff, target, parsed.data.role)).name}'s role was changed`);
  }
  if (intent === "suspend" || intent === "reactivate") {
    return settle(intent, async () => {
      const member = await setStatus(staff, target, intent === "suspend" ? "suspended" : "active");
      return intent === "suspend" ? `${member.name} was suspended and signed out` : `${member.name} was reactivated`;
    });
  }
  if (intent === "transfer-ownership") {
    return settle(intent, async () => {
      await transferOwnership(staff, target);
      return "Ownership was transferred";
    });
  }
  return answer({ intent, ok: false, errors: {}, message: "Unknown action" }, 400);
}

export async function profilePageData(request: Request) {
  const session = await requireStaff(request, "contributor");
  return { profile: (await findStaff(session.staff.id))!, sessions: await listSessions(session) };
}

export async function profilePageAction(request: Request) {
  const session = await requireStaff(request, "contributor");
  const form = Object.fromEntries(await readForm(request).catch(asPageError));
  const intent = String(form.intent ?? "");
  if (intent === "update-profile") {
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) return answer({ intent, ok: false, errors: fieldErrors(parsed.error), message: null }, 400);
    return settle(intent, async () => {
      await updateProfile(session.staff, parsed.data);
      return "Profile saved";
    });
  }
  if (intent === "change-password") {
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return answer({ intent, ok: false, errors: fieldErrors(parsed.error), message: null }, 400);
    const changed = await changePassword(session.staff, parsed.data.currentPassword, parsed.data.newPassword, session.sessionHash);
    if (!changed.ok) return answer({ intent, ok: false, errors: { [changed.field]: changed.message }, message: null }, 400);
    return answer({ intent, ok: true, errors: {}, message: "Password changed. Your other sessions were ended." });
  }
  if (intent === "end-session") {
    const ended = await endOtherSession(session, String(form.sessionId ?? ""));
    return ended
      ? answer({ intent, ok: true, errors: {}, message: "Session ended" })
      : answer({ intent, ok: false, errors: {}, message: "Session not found" }, 404);
  }
  if (intent === "end-other-sessions") {
    await endAllOtherSessions(session);
    return answer({ intent, ok: true, errors: {}, message: "Every other session was ended" });
  }
  return answer({ intent, ok: false, errors: {}, message: "Unknown action" }, 400);
}
