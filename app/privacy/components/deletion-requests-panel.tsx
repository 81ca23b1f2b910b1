import { useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import { RecordTable, type RecordColumns } from "~/admin/components/record-table";
import { formatDateTime } from "~/core/text/dates";
import { DELETION_STATE_LABELS, type DeletionRequestRecord } from "../deletion-request-state";
import { completeDeletionRequest, DELETION_COMPLETED } from "./complete-deletion";

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : "—");

/** The data-deletion requests as the section's loader lists them: state, when each is due, and completing a verified one. */
export function DeletionRequestsPanel({ requests }: { requests: DeletionRequestRecord[] }) {
  const { adminFetch } = useAdminSession();
  const { pending, run } = useAdminTask();
  const complete = (request: DeletionRequestRecord) =>
    void run(() => completeDeletionRequest(adminFetch, request.id), { ...DELETION_COMPLETED, key: request.id });

  const columns: RecordColumns<DeletionRequestRecord> = [
    { label: "#", cell: (r) => r.id },
    { label: "State", className: "font-medium", cell: (r) => DELETION_STATE_LABELS[r.state] },
    {
      label: "Person",
      className: "break-all",
      cell: (r) => (r.email ? `${r.firstName ?? ""} <${r.email}> ${r.phone ?? ""}` : <span className="text-slate-600">erased</span>),
    },
    { label: "Requested", cell: (r) => when(r.requestedAt) },
    { label: "Due", cell: (r) => (r.state === "completed" ? <>done {when(r.completedAt)}</> : when(r.dueAt)) },
    {
      label: <span className="sr-only">Action</span>,
      cell: (r) =>
        r.state === "verified" ? (
          <button type="button" className="btn btn-primary" disabled={pending !== null} onClick={() => complete(r)}>
            Mark deletion completed
          </button>
        ) : null,
    },
  ];

  return (
    <div>
      <h2 className="text-xl font-bold">Requests and their deadlines</h2>
      <p className="mt-1 text-sm text-slate-700">
        A confirmed request is due 30 days after confirmation. Delete the person's app account, then mark it completed: the site erases what
        it holds about them and tells them.
      </p>
      {requests.length === 0 ? <p className="mt-4 text-slate-700">No deletion requests.</p> : null}
      {requests.length > 0 ? (
        <RecordTable caption="Data deletion requests" minWidth="min-w-[40rem]" rows={requests} rowKey={(r) => r.id} columns={columns} />
      ) : null}
    </div>
  );
}
