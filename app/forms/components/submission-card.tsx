import { CheckCircle2, Mail, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { budgetLabel, inquiryTypeLabel, MAX_NOTE_LENGTH, type ContactSubmission } from "~/forms/contact-submission";
import { formatDateTime } from "~/core/text/dates";
import { DELETION_STATE_LABELS } from "~/privacy/deletion-request-state";

/** One message in the inbox: who sent it and how to reach them, what they asked, the admins' note and the actions. */
export function SubmissionCard({
  submission: s,
  busy,
  onToggle,
  onSaveNote,
  onCompleteDeletion,
  onDelete,
}: {
  submission: ContactSubmission;
  busy: boolean;
  onToggle: () => void;
  onSaveNote: (note: string) => Promise<boolean>;
  onCompleteDeletion: () => void;
  onDelete: () => void;
}) {
  const [note, setNote] = useState(s.internalNote ?? "");
  const noteChanged = note.trim() !== (s.internalNote ?? "");
  return (
    <li>
      <article aria-labelledby={`submission-${s.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`submission-${s.id}`} className="break-words text-lg font-semibold">
              {s.subject}
            </h3>
            <p className="mt-1 break-words text-sm text-slate-700">
              {s.name} ·{" "}
              <a href={`mailto:${s.email}`} className="inline-flex items-center gap-1 break-all font-medium text-brand-700 underline">
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
          {s.companyName ? (
            <div className="flex gap-1">
              <dt className="text-slate-600">Company:</dt>
              <dd className="font-medium">{s.companyName}</dd>
            </div>
          ) : null}
          {s.phone ? (
            <div className="flex gap-1">
              <dt className="text-slate-600">Phone:</dt>
              <dd className="font-medium">
                <a href={`tel:${s.phone.replace(/[^+\d]/g, "")}`} className="text-brand-700 underline">
                  {s.phone}
                </a>
              </dd>
            </div>
          ) : null}
          {s.website ? (
            <div className="flex min-w-0 gap-1">
              <dt className="text-slate-600">Website:</dt>
              <dd className="min-w-0 break-all font-medium">
                {/^https?:\/\//.test(s.website) ? (
                  <a href={s.website} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
                    {s.website}
                  </a>
                ) : (
                  s.website
                )}
              </dd>
            </div>
          ) : null}
          {s.deletionStatus ? (
            <div className="flex gap-1">
              <dt className="text-slate-600">Deletion:</dt>
              <dd className="font-medium">{DELETION_STATE_LABELS[s.deletionStatus]}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{s.message}</p>
        <details className="mt-3 rounded-lg bg-slate-50 px-3 py-2" open={Boolean(s.internalNote) || undefined}>
          <summary className="cursor-pointer text-sm font-semibold">Internal note{s.internalNote ? "" : " (none)"}</summary>
          <form
            className="mt-2 grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void onSaveNote(note.trim());
            }}
          >
            <label htmlFor={`note-${s.id}`} className="text-sm text-slate-700">
              Only admins see this note.
            </label>
            <textarea
              id={`note-${s.id}`}
              rows={2}
              maxLength={MAX_NOTE_LENGTH}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className="min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <button
              type="submit"
              className="btn btn-secondary w-fit"
              disabled={busy || !noteChanged}
              aria-describedby={`submission-${s.id}`}
            >
              Save note
            </button>
          </form>
        </details>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onToggle} aria-describedby={`submission-${s.id}`}>
            {s.isResolved ? <RotateCcw aria-hidden="true" className="size-4" /> : <CheckCircle2 aria-hidden="true" className="size-4" />}
            {s.isResolved ? "Mark as Unresolved" : "Mark as Resolved"}
          </button>
          {s.deletionStatus === "verified" ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={onCompleteDeletion}
              aria-describedby={`submission-${s.id}`}
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Mark deletion completed
            </button>
          ) : null}
          <button
            type="button"
            className="btn border border-red-200 text-red-800 hover:bg-red-50"
            onClick={onDelete}
            aria-describedby={`submission-${s.id}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </article>
    </li>
  );
}
