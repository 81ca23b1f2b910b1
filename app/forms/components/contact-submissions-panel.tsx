import * as Tabs from "@radix-ui/react-tabs";
import { Download } from "lucide-react";
import { useCallback, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { SUBMISSION_SORTS, type ContactSubmission, type SubmissionPageQuery, type SubmissionStatus } from "~/forms/contact-submission";
import { useAdminData, useAdminSession, useListParams } from "~/admin/admin-api";
import { listValues } from "~/admin/list-params";
import { useAdminTask } from "~/admin/admin-action";
import { completeDeletionRequest, DELETION_COMPLETED } from "~/privacy/components/complete-deletion";
import { ListToolbar, Pager } from "~/admin/components/list-controls";
import { Spinner } from "~/components/ui/spinner";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { PageOf } from "~/core/paging";
import { SubmissionCard } from "./submission-card";

const FILTERS: { value: SubmissionStatus; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unresolved", label: "Unresolved" },
  { value: "resolved", label: "Resolved" },
];

type SubmissionsPage = PageOf<ContactSubmission> & { counts: Record<SubmissionStatus, number> };

const PARAMS = { q: "sq", sort: "ssort", status: "status", page: "spage" };
const DEFAULTS = { q: "", sort: "newest", status: "all", page: "1" };

/** The API address of the page that the section's address shows: asked by this panel and by the section's loader. */
export function submissionListAddress(search: URLSearchParams): string {
  const { page, q, status, sort } = listValues(search, PARAMS, DEFAULTS);
  return `/api/admin/contact-submissions?${new URLSearchParams({ page, q, status, sort })}`;
}

/** The inbox: paged, searched and sorted on the server; the filter tabs give the counts. */
export function ContactSubmissionsPanel() {
  const { adminFetch } = useAdminSession();
  const revalidator = useRevalidator();
  const [params, setParams] = useListParams(PARAMS, DEFAULTS);
  const { search } = useLocation();
  const address = submissionListAddress(new URLSearchParams(search));
  const { data, setData, failed, loading, load } = useAdminData<SubmissionsPage>(address);
  const { pending, run } = useAdminTask();
  const [deleting, setDeleting] = useState<ContactSubmission | null>(null);
  const filter = params.status as SubmissionStatus;
  const submissions = data?.items ?? null;

  const onQuery = useCallback((q: string) => setParams({ q, page: "1" }), [setParams]);

  async function change(submission: ContactSubmission, body: { isResolved?: boolean; internalNote?: string | null }, done: string, failedTitle: string) {
    const made = await run(
      async () => {
        const { submission: saved } = await adminFetch<{ submission: ContactSubmission }>(`/api/admin/contact-submissions/${submission.id}`, { method: "PATCH", json: body });
        setData((page) => (page ? { ...page, items: page.items.map((s) => (s.id === saved.id ? saved : s)) } : page));
        if (body.isResolved !== undefined) void refreshCounts();
        revalidator.revalidate();
      },
      { done: { title: done }, failed: failedTitle, key: submission.id },
    );
    return made !== null;
  }

  // The tabs' counts change with a status; the shown list stays as it is until the admin moves on.
  async function refreshCounts() {
    try {
      const fresh = await adminFetch<SubmissionsPage>(address);
      setData((page) => (page ? { ...page, counts: fresh.counts } : fresh));
    } catch {
      // the counts stay as they were
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const submission = deleting;
    const deleted = await run(() => adminFetch(`/api/admin/contact-submissions/${submission.id}`, { method: "DELETE" }), {
      key: submission.id,
      done: { title: "Submission deleted" },
      failed: "Failed to delete submission",
    });
    if (!deleted) return;
    setDeleting(null);
    void load();
    revalidator.revalidate();
  }

  async function completeDeletion(submission: ContactSubmission) {
    // Completing erases every submission from that address, this card included.
    if (!(await run(() => completeDeletionRequest(adminFetch, submission.deletionRequestId!), { ...DELETION_COMPLETED, key: submission.id }))) return;
    void load();
    revalidator.revalidate();
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Messages</h2>
        <a href={`/api/admin/contact-submissions.csv?status=${filter}`} className="btn btn-secondary" download>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      <div className="mt-4">
        <ListToolbar
          label="Search submissions"
          query={params.q}
          onQuery={onQuery}
          sort={params.sort as SubmissionPageQuery["sort"]}
          sorts={SUBMISSION_SORTS}
          onSort={(sort) => setParams({ sort, page: "1" })}
        />
      </div>
      <Tabs.Root value={filter} onValueChange={(value) => setParams({ status: value, page: "1" })} className="mt-4">
        {/* One row, scrolling sideways if large counts do not fit 375 px (never one filter alone on a second line). */}
        <Tabs.List aria-label="Filter submissions" className="flex max-w-full gap-1 overflow-x-auto rounded-full bg-slate-100 p-1 sm:inline-flex">
          {FILTERS.map((f) => (
            <Tabs.Trigger
              key={f.value}
              value={f.value}
              className="min-h-10 shrink-0 whitespace-nowrap rounded-full px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4"
            >
              {f.label} ({data?.counts[f.value] ?? 0})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {FILTERS.map((f) => (
          <Tabs.Content key={f.value} value={f.value} className="mt-4" aria-busy={loading || undefined}>
            {f.value !== filter ? null : (
              <>
                {submissions === null && !failed ? <Spinner label="Loading contact submissions..." /> : null}
                {failed ? (
                  <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
                    <p>Failed to load contact submissions.</p>
                    <button type="button" className="btn btn-secondary mt-3" onClick={() => void load()}>
                      Try again
                    </button>
                  </div>
                ) : null}
                {submissions && submissions.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No submissions found.</p>
                ) : null}
                <ul className="grid gap-4">
                  {submissions?.map((s) => (
                    <SubmissionCard
                      key={s.id}
                      submission={s}
                      busy={pending === s.id}
                      onToggle={() => void change(s, { isResolved: !s.isResolved }, "Status updated", "Failed to update status")}
                      onSaveNote={(note) => change(s, { internalNote: note }, "Note saved", "Failed to save note")}
                      onCompleteDeletion={() => void completeDeletion(s)}
                      onDelete={() => setDeleting(s)}
                    />
                  ))}
                </ul>
                {data ? (
                  <Pager page={data.page} pageCount={data.pageCount} total={data.total} noun="submissions" onPage={(page) => setParams({ page: String(page) })} />
                ) : null}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete submission"
        description="This deletes the submission for good. The audit log keeps that it was deleted."
        detail={deleting?.subject}
        confirmLabel="Delete"
        busy={pending !== null}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
