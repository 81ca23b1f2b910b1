import * as Tabs from "@radix-ui/react-tabs";
import { CheckCircle2, Download, Mail, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { budgetLabel, inquiryTypeLabel, type ContactSubmission, type SubmissionStatus } from "~/forms/contact-submission";
import { SessionExpiredError, useAdminList, useAdminSession } from "~/admin/admin-api";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/core/dates";

const FILTERS: { value: SubmissionStatus; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unresolved", label: "Unresolved" },
  { value: "resolved", label: "Resolved" },
];


/** The inbox: all submissions are loaded once, the filter tabs narrow them (and give the counts). */
export function ContactSubmissionsPanel() {
  const { adminFetch } = useAdminSession();
  const toast = useToast();
  const revalidator = useRevalidator();
  const { items: submissions, setItems: setSubmissions, failed, load } = useAdminList<ContactSubmission>("/api/admin/contact-submissions");
  const [filter, setFilter] = useState<SubmissionStatus>("all");
  const [pending, setPending] = useState<number | null>(null);

  async function toggle(submission: ContactSubmission) {
    setPending(submission.id);
    try {
      const { submission: saved } = await adminFetch<{ submission: ContactSubmission }>(
        `/api/admin/contact-submissions/${submission.id}`,
        { method: "PATCH", json: { isResolved: !submission.isResolved } },
      );
      setSubmissions((list) => list?.map((s) => (s.id === saved.id ? saved : s)) ?? null);
      toast({ title: "Status updated" });
      revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        toast({ title: `Failed to update status: ${(error as Error).message}`, variant: "destructive" });
      }
    } finally {
      setPending(null);
    }
  }

  const counts = {
    all: submissions?.length ?? 0,
    unresolved: submissions?.filter((s) => !s.isResolved).length ?? 0,
    resolved: submissions?.filter((s) => s.isResolved).length ?? 0,
  };
  const shown = submissions?.filter((s) => (filter === "all" ? true : filter === "resolved" ? s.isResolved : !s.isResolved)) ?? [];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Contact Submissions</h2>
        <a href={`/api/admin/contact-submissions.csv?status=${filter}`} className="btn btn-secondary" download>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      <Tabs.Root value={filter} onValueChange={(value) => setFilter(value as SubmissionStatus)} className="mt-4">
        <Tabs.List aria-label="Filter submissions" className="inline-flex flex-wrap gap-1 rounded-full bg-slate-100 p-1">
          {FILTERS.map((f) => (
            <Tabs.Trigger
              key={f.value}
              value={f.value}
              className="min-h-10 rounded-full px-4 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            >
              {f.label} ({counts[f.value]})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {FILTERS.map((f) => (
          <Tabs.Content key={f.value} value={f.value} className="mt-4">
            {submissions === null && !failed ? <Spinner label="Loading contact submissions..." /> : null}
            {failed ? (
              <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
                <p>Failed to load contact submissions.</p>
                <button type="button" className="btn btn-secondary mt-3" onClick={() => void load()}>
                  Try again
                </button>
              </div>
            ) : null}
            {submissions && shown.length === 0 ? <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">No submissions found.</p> : null}
            <ul className="grid gap-4">
              {shown.map((s) => (
                <li key={s.id}>
                  <article aria-labelledby={`submission-${s.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div>
                        <h3 id={`submission-${s.id}`} className="text-lg font-semibold">
                          {s.subject}
                        </h3>
                        <p className="mt-1 text-sm text-slate-700">
                          {s.name} ·{" "}
                          <a href={`mailto:${s.email}`} className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
                            <Mail aria-hidden="true" className="size-3.5" />
                            {s.email}
                          </a>{" "}
                          · <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                        </p>
                      </div>
                      <span
                        className={`rounded-full px-3 py-1 text-xs font-semibold ${s.isResolved ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
                      >
                        {s.isResolved ? "Resolved" : "Unresolved"}
                      </span>
                    </div>
                    <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Inquiry type:</dt>
                        <dd className="font-medium">{inquiryTypeLabel(s.inquiryType)}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="text-slate-600">Budget:</dt>
                        <dd className="font-medium">{budgetLabel(s.budget)}</dd>
                      </div>
                    </dl>
                    <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{s.message}</p>
                    <button
                      type="button"
                      className="btn btn-secondary mt-4"
                      disabled={pending === s.id}
                      onClick={() => void toggle(s)}
                      aria-describedby={`submission-${s.id}`}
                    >
                      {s.isResolved ? <RotateCcw aria-hidden="true" className="size-4" /> : <CheckCircle2 aria-hidden="true" className="size-4" />}
                      {s.isResolved ? "Mark as Unresolved" : "Mark as Resolved"}
                    </button>
                  </article>
                </li>
              ))}
            </ul>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
