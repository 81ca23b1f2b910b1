import { useAdminData, useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/core/dates";
import { DELETION_STATE_LABELS, type DeletionRequestRecord } from "../deletion-request-state";
import { completeDeletionRequest, DELETION_COMPLETED } from "./complete-deletion";

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : "—");

/** The admin's list of data-deletion requests: state, when each is due, and completing a verified one. */
export function DeletionRequestsPanel() {
  const { data, failed, loading, load } = useAdminData<DeletionRequestRecord[]>("/api/admin/data-deletion-requests");
  const { adminFetch } = useAdminSession();
  const { pending, run } = useAdminTask();
  const complete = async (request: DeletionRequestRecord) => {
    if (await run(() => completeDeletionRequest(adminFetch, request.id), { ...DELETION_COMPLETED, key: request.id })) void load();
  };

  return (
    <div>
      <h2 className="text-xl font-bold">Data deletion requests</h2>
      <p className="mt-1 text-sm text-slate-700">
        A confirmed request is due 30 days after confirmation. Delete the person's app account, then mark it completed: the site erases
        what it holds about them and tells them.
      </p>
      {loading && !data ? <Spinner label="Loading deletion requests" /> : null}
      {failed ? <p role="alert" className="mt-4 text-red-700">Failed to load deletion requests.</p> : null}
      {data && data.length === 0 ? <p className="mt-4 text-slate-700">No deletion requests.</p> : null}
      {data && data.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">#</th>
                <th scope="col" className="py-2 pr-3">State</th>
                <th scope="col" className="py-2 pr-3">Person</th>
                <th scope="col" className="py-2 pr-3">Requested</th>
                <th scope="col" className="py-2 pr-3">Due</th>
                <th scope="col" className="py-2 pr-3"><span className="sr-only">Action</span></th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3">{r.id}</td>
                  <td className="py-2 pr-3 font-medium">{DELETION_STATE_LABELS[r.state]}</td>
                  <td className="py-2 pr-3 break-all">{r.email ? `${r.firstName ?? ""} <${r.email}> ${r.phone ?? ""}` : <span className="text-slate-600">erased</span>}</td>
                  <td className="py-2 pr-3">{when(r.requestedAt)}</td>
                  <td className="py-2 pr-3">{r.state === "completed" ? <>done {when(r.completedAt)}</> : when(r.dueAt)}</td>
                  <td className="py-2 pr-3">
                    {r.state === "verified" ? (
                      <button type="button" className="btn btn-primary" disabled={pending !== null} onClick={() => void complete(r)}>
                        Mark deletion completed
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
