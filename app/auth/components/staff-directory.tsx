import { Form, useNavigation } from "react-router";
import { Field, inputClass, useFieldErrors } from "~/admin/components/field";
import { formatDateTime } from "~/core/text/dates";
import { canManage, ROLE_LABELS, type StaffRole } from "../roles";
import { AdminCard, FormOutcome, type FormResult } from "./admin-page-header";
import { RowList } from "~/admin/components/item-list";
import { EmailAddress } from "~/components/ui/email-address";

export type StaffRow = {
  id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  status: "active" | "suspended";
  canSignIn: boolean;
  lastLoginAt: string | null;
};
type Result = FormResult;

/** The invitation form: an address and one of the roles the signed-in member may give. */
export function InviteForm({ assignable, result }: { assignable: StaffRole[]; result?: Result }) {
  const errors = result?.intent === "invite" && !result.ok ? result.errors : {};
  const { field, error } = useFieldErrors(errors);
  const busy = useNavigation().formData?.get("intent") === "invite";
  return (
    <AdminCard id="invite-heading" title="Invite someone">
      <p className="mt-1 text-sm text-slate-700">They get an e-mail with a link that works once, for 7 days.</p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <Field label="Email" htmlFor={field("email").id} error={error("email")}>
          <input {...field("email")} name="email" type="email" autoComplete="off" required className={inputClass} />
        </Field>
        <Field label="Role" htmlFor={field("role").id} error={error("role")}>
          <select {...field("role")} name="role" className={`${inputClass} bg-white`} defaultValue={assignable.at(-1)}>
            {assignable.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Sending..." : "Send invitation"}
        </button>
      </Form>
      <div className="mt-3">
        <FormOutcome result={result} intent="invite" />
      </div>
    </AdminCard>
  );
}

/** Every staff member, with the changes the signed-in member may make to each. */
export function StaffDirectory({
  me,
  staff,
  assignable,
  result,
}: {
  me: { id: number; role: StaffRole };
  staff: StaffRow[];
  assignable: StaffRole[];
  result?: Result;
}) {
  return (
    <AdminCard id="staff-heading" title="Staff members">
      <div className="mt-3 grid gap-2">
        {["change-role", "suspend", "reactivate", "transfer-ownership"].map((intent) => (
          <FormOutcome key={intent} result={result} intent={intent} />
        ))}
      </div>
      <RowList
        items={staff}
        className="mt-3 divide-y divide-slate-200"
        itemClassName="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
      >
        {(member) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {member.name || member.email}
                {member.id === me.id ? <span className="font-normal text-slate-700"> (you)</span> : null}
              </p>
              <p className="text-sm text-slate-700">
                {member.email ? <EmailAddress address={member.email} /> : "Byline only: cannot sign in"}
              </p>
              <p className="text-sm text-slate-700">
                {ROLE_LABELS[member.role]}
                {member.status === "suspended" ? <strong className="ml-2 text-red-800">Suspended</strong> : null}
                {member.lastLoginAt ? (
                  <>
                    {" "}
                    · last signed in <time dateTime={member.lastLoginAt}>{formatDateTime(member.lastLoginAt)}</time>
                  </>
                ) : null}
              </p>
            </div>
            <MemberActions me={me} member={member} assignable={assignable} />
          </>
        )}
      </RowList>
    </AdminCard>
  );
}

function MemberActions({ me, member, assignable }: { me: { id: number; role: StaffRole }; member: StaffRow; assignable: StaffRole[] }) {
  const label = member.name || member.email || "this member";
  if (me.role === "owner" && member.id !== me.id && member.status === "active" && member.canSignIn && member.role === "administrator") {
    return (
      <div className="flex flex-wrap gap-2">
        <RoleForm member={member} assignable={assignable} label={label} />
        <StatusForm member={member} label={label} />
        <Form method="post">
          <input type="hidden" name="intent" value="transfer-ownership" />
          <input type="hidden" name="staffId" value={member.id} />
          <button type="submit" className="btn btn-secondary">
            Make owner<span className="sr-only"> {label}</span>
          </button>
        </Form>
      </div>
    );
  }
  if (!canManage(me, member)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <RoleForm member={member} assignable={assignable} label={label} />
      <StatusForm member={member} label={label} />
    </div>
  );
}

function RoleForm({ member, assignable, label }: { member: StaffRow; assignable: StaffRole[]; label: string }) {
  const id = `role-${member.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="change-role" />
      <input type="hidden" name="staffId" value={member.id} />
      <label htmlFor={id} className="sr-only">
        Role of {label}
      </label>
      <select id={id} name="role" defaultValue={member.role} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3">
        {assignable.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-secondary">
        Change role<span className="sr-only"> of {label}</span>
      </button>
    </Form>
  );
}

function StatusForm({ member, label }: { member: StaffRow; label: string }) {
  const suspend = member.status === "active";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={suspend ? "suspend" : "reactivate"} />
      <input type="hidden" name="staffId" value={member.id} />
      <button type="submit" className={suspend ? "btn btn-secondary text-red-800" : "btn btn-secondary"}>
        {suspend ? "Suspend" : "Reactivate"}
        <span className="sr-only"> {label}</span>
      </button>
    </Form>
  );
}
