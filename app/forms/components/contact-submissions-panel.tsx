import * as Tabs from "@radix-ui/react-tabs";
import { Download } from "lucide-react";
import { useCallback, useState } from "react";
import { useLocation } from "react-router";
import { SUBMISSION_SORTS, type ContactSubmission, type SubmissionPageQuery, type SubmissionStatus } from "~/forms/contact-submission";
import { useAdminSession, useListParams } from "~/admin/admin-api";
import { listValues } from "~/admin/list-params";
import { useAdminTask } from "~/admin/admin-action";
import { completeDeletionRequest, DELETION_COMPLETED } from "~/privacy/components/complete-deletion";
import { ListToolbar, Pager } from "~/admin/components/list-controls";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { PageOf } from "~/core/http/paging";
import { SubmissionCard } from "./submission-card";

const FILTERS: { value: SubmissionStatus; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unresolved", label: "Unresolved" },
  { value: "resolved", label: "Resolved" },
];

export type SubmissionsPage = PageOf<ContactSubmission> & { counts: Record<SubmissionStatus, number> };

const PARAMS = { q: "sq", sort: "ssort", status: "status", page: "spage" };
const DEFAULTS = { q: "", sort: "newest", status: "all", page: "1" };

/** The inbox's page, search, filter and sort as the section's address says them (read by the section's loader). */
export function submissionListQuery(search: URLSearchParams): Record<keyof typeof PARAMS, string> {
  return listValues(search, PARAMS, DEFAULTS);
}

/**
 * The inbox as the section's loader gives it: paged, searched and sorted on the server; the filter tabs give
 * the counts. A card whose status or note changed stays where it is until the admin moves on (another page,
 * filter or search), while the counts follow at once.
 */
export function ContactSubmissionsPanel({ page }: { page: SubmissionsPage }) {
  const { adminFetch } = useAdminSession();
  const [params, setParams] = useListParams(PARAMS, DEFAULTS);
  const { search } = useLocation();
  const { pending, run } = useAdminTask();
  const [deleting, setDeleting] = useState<ContactSubmission | null>(null);
  const [pinned, setPinned] = useState<{ search: string; items: ContactSubmission[] } | null>(null);
  const filter = params.status as SubmissionStatus;
  const submissions = pinned && pinned.search === search ? pinned.items : page.items;

  const onQuery = useCallback((q: string) => setParams({ q, page: "1" }), [setParams]);

  async function change(
    submission: ContactSubmission,
    body: { isResolved?: boolean; internalNote?: string | null },
    done: string,
    failedTitle: string,
  ) {
    const made = await run(
      async () => {
        const { submission: saved } = await adminFetch<{ submission: ContactSubmission }>(
          `/api/admin/contact-submissions/${submission.id}`,
          { method: "PATCH", json: body },
        );
        setPinned({ search, items: submissions.map((s) => (s.id === saved.id ? saved : s)) });
      },
      { done: { title: done }, failed: failedTitle, key: submission.id },
    );
    return made !== null;
  }

  async function confirmDelete() {
    if (!deleting) return;
    const submission = deleting;
    setPinned(null);
    const deleted = await run(() => adminFetch(`/api/admin/contact-submissions/${submission.id}`, { method: "DELETE" }), {
      key: submission.id,
      done: { title: "Submission deleted" },
      failed: "Failed to delete submission",
    });
    if (deleted) setDeleting(null);
  }

  // Completing erases every submission from that address, this card included.
  function completeDeletion(submission: ContactSubmission) {
    setPinned(null);
    void run(() => completeDeletionRequest(adminFetch, submission.deletionRequestId!), { ...DELETION_COMPLETED, key: submission.id });
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
        <Tabs.List
          aria-label="Filter submissions"
          className="flex max-w-full gap-1 overflow-x-auto rounded-full bg-slate-100 p-1 sm:inline-flex"
        >
          {FILTERS.map((f) => (
            <Tabs.Trigger
              key={f.value}
              value={f.value}
              className="min-h-10 shrink-0 whitespace-nowrap rounded-full px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-4"
            >
              {f.label} ({page.counts[f.value]})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {FILTERS.map((f) => (
          <Tabs.Content key={f.value} value={f.value} className="mt-4">
            {f.value !== filter ? null : (
              <>
                {submissions.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No submissions found.</p>
                ) : null}
                <ul className="grid gap-4">
                  {submissions.map((s) => (
                    <SubmissionCard
                      key={s.id}
                      submission={s}
                      busy={pending === s.id}
                      onToggle={() => void change(s, { isResolved: !s.isResolved }, "Status updated", "Failed to update status")}
                      onSaveNote={(note) => change(s, { internalNote: note }, "Note saved", "Failed to save note")}
                      onCompleteDeletion={() => completeDeletion(s)}
                      onDelete={() => setDeleting(s)}
                    />
                  ))}
                </ul>
                <Pager
                  page={page.page}
                  pageCount={page.pageCount}
                  total={page.total}
                  noun="submissions"
                  onPage={(n) => setParams({ page: String(n) })}
                />
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
