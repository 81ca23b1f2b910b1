import { Form } from "react-router";
import { formatDateTime } from "~/core/text/dates";
import { ROLE_LABELS, type StaffRole } from "../roles";
import { AdminCard, FormOutcome, type FormResult } from "./admin-page-header";
import { RowList } from "~/admin/components/item-list";
import { EmailAddress } from "~/components/ui/email-address";

export type InvitationRow = { id: number; email: string; role: StaffRole; invitedBy: string; createdAt: string; expiresAt: string };

/** Invitations sent and not yet accepted (those of the roles the member may invite), each revocable. */
export function PendingInvitations({ invitations, result }: { invitations: InvitationRow[]; result?: FormResult }) {
  return (
    <AdminCard id="invitations-heading" title="Pending invitations">
      <div className="mt-3">
        <FormOutcome result={result} intent="revoke-invitation" />
      </div>
      {invitations.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No invitation is waiting to be accepted.</p>
      ) : (
        <RowList
          items={invitations}
          className="mt-3 divide-y divide-slate-200"
          labelledBy="invitations-heading"
          itemClassName="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
        >
          {(invitation) => (
            <>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  <EmailAddress address={invitation.email} />
                </p>
                <p className="text-sm text-slate-700">
                  {ROLE_LABELS[invitation.role]}
                  {invitation.invitedBy ? <> · invited by {invitation.invitedBy}</> : null} · until{" "}
                  <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-invitation" />
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button type="submit" className="btn btn-secondary text-red-800">
                  Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
                </button>
              </Form>
            </>
          )}
        </RowList>
      )}
    </AdminCard>
  );
}
