import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { RecordTable, type RecordColumns } from "~/admin/components/record-table";
import { POST_MAILING_STATE_LABELS as STATE_LABELS, type PostMailing } from "../post-mailings";

/**
 * New-post mailings (issue 51, decision record 0077): a new post's e-mails pause themselves on bounces or
 * complaints as a broadcast does; here an administrator or the owner (`canAct`, as for sending a broadcast)
 * resumes or cancels them.
 */
export function PostMailingsPanel({ items, canAct }: { items: PostMailing[]; canAct: boolean }) {
  const { adminFetch } = useAdminSession();
  const task = useAdminTask();
  const control = (m: PostMailing, verb: "resume" | "cancel") =>
    void task.run(() => adminFetch(`/api/admin/post-mailings/${m.postId}/${verb}`, { method: "POST" }), {
      key: m.postId,
      done: verb === "resume" ? "E-mails resumed" : "E-mails cancelled",
      failed: verb === "resume" ? "Could not resume them" : "Could not cancel them",
    });
  const paused = items.filter((m) => m.state === "paused");

  const columns: RecordColumns<PostMailing> = [
    { label: "Post", cell: (m) => <span className="font-medium break-words">{m.title}</span> },
    { label: "State", cell: (m) => STATE_LABELS[m.state] },
    { label: "Attempted", numeric: true, cell: (m) => m.attempted },
    { label: "Bounced", numeric: true, cell: (m) => m.bounced },
    { label: "Complained", numeric: true, cell: (m) => m.complained },
  ];

  return (
    <section aria-labelledby="post-mailings-heading" className="mt-10" data-testid="post-mailings">
      <h2 id="post-mailings-heading" className="text-xl font-bold">
        New-post mailings
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A new post's e-mails to the blog list pause themselves on too many bounces or complaints; nothing more goes out until they are
        resumed or cancelled.
      </p>
      {paused.length ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="post-mailings-paused">
          <p role="status" className="font-semibold text-amber-900">
            {paused.length === 1 ? "1 new post's e-mails are paused." : `${paused.length} new posts' e-mails are paused.`}
          </p>
          <ul className="mt-2 space-y-3" aria-label="Paused new-post mailings">
            {paused.map((m) => (
              <li key={m.postId} className="border-t border-amber-200 pt-3">
                <p className="font-medium break-words">{m.title}</p>
                <p className="text-sm text-slate-800">
                  It paused itself: {m.pausedReason}. {m.attempted} attempted, {m.bounced} bounced, {m.complained} complained.
                </p>
                {canAct ? (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={task.busy}
                      onClick={() => control(m, "resume")}
                      aria-label={`Resume the e-mails of ${m.title}`}
                    >
                      Resume
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary text-red-700"
                      disabled={task.busy}
                      aria-label={`Cancel the e-mails of ${m.title}`}
                      onClick={() => (window.confirm("Cancel these e-mails? Nobody else gets them.") ? control(m, "cancel") : undefined)}
                    >
                      Cancel
                    </button>
                  </div>
                ) : (
                  <p className="mt-1 text-sm text-slate-700">An administrator or the owner can resume or cancel them.</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {items.length === 0 ? <p className="mt-4 text-slate-700">No new-post mailings yet.</p> : null}
      {items.length > 0 ? (
        <RecordTable
          caption="Recent new-post mailings, newest first"
          minWidth="min-w-[40rem]"
          rows={items}
          rowKey={(m) => m.postId}
          columns={columns}
        />
      ) : null}
    </section>
  );
}
