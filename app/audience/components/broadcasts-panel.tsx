import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminDetail, useAdminSession } from "~/admin/admin-api";
import { LoadFailed } from "~/admin/components/load-failed";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/core/text/dates";
import { BROADCAST_STATE_LABELS, type BroadcastReport, type BroadcastSummary } from "../broadcasts";
import { LIST_LABELS, PLATFORMS } from "../lists";
import { BroadcastComposer, draftOf, NEW_DRAFT, type Draft } from "./broadcast-composer";
import { RecordTable, type RecordColumns } from "~/admin/components/record-table";

type View = { kind: "list" } | { kind: "compose"; draft: Draft } | { kind: "report"; id: number };

const audienceOf = (b: Pick<BroadcastSummary, "list" | "segment">) =>
  [LIST_LABELS[b.list], b.segment.city, b.segment.platform ? PLATFORMS[b.segment.platform] : null].filter(Boolean).join(" · ");

/**
 * Broadcasts (issue 43): e-mails to a list, written in Markdown, tested, sent now or at a time, each with
 * its report. The list is the section loader's (`broadcasts`); a report and the composer's recipient count
 * are asked when opened.
 */
export function BroadcastsPanel({ broadcasts }: { broadcasts: BroadcastSummary[] }) {
  const [view, setView] = useState<View>({ kind: "list" });
  const { revalidate } = useRevalidator();
  const back = () => {
    setView({ kind: "list" });
    void revalidate();
  };
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">All broadcasts</h2>
        {view.kind === "list" ? (
          <button type="button" className="btn btn-primary" onClick={() => setView({ kind: "compose", draft: NEW_DRAFT })}>
            New broadcast
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        One e-mail to a list or a city of the early-adopter list, with one-click leaving. No tracking pixel, links as written.
      </p>
      {view.kind === "compose" ? (
        <BroadcastComposer initial={view.draft} onSent={(id) => setView({ kind: "report", id })} onClose={back} />
      ) : null}
      {view.kind === "report" ? <Report id={view.id} onBack={back} onEdit={(draft) => setView({ kind: "compose", draft })} /> : null}
      {view.kind === "list" ? (
        <>
          {broadcasts.length === 0 ? <p className="mt-4 text-slate-700">No broadcasts yet.</p> : null}
          {broadcasts.length > 0 ? <Past rows={broadcasts} open={(id) => setView({ kind: "report", id })} /> : null}
        </>
      ) : null}
    </div>
  );
}

function Past({ rows, open }: { rows: BroadcastSummary[]; open: (id: number) => void }) {
  const columns: RecordColumns<BroadcastSummary> = [
    {
      label: "Subject",
      cell: (b) => (
        <button type="button" className="text-left font-medium text-brand-800 underline" onClick={() => open(b.id)}>
          {b.subject}
        </button>
      ),
    },
    { label: "To", cell: audienceOf },
    { label: "State", cell: (b) => BROADCAST_STATE_LABELS[b.state] },
    { label: "Recipients", numeric: true, cell: (b) => b.recipients },
    { label: "Sent", numeric: true, cell: (b) => b.sent },
    { label: "Failed", numeric: true, cell: (b) => b.failed },
    { label: "When", cell: (b) => formatDateTime(b.startedAt ?? b.sendAt ?? b.createdAt) },
  ];

  return (
    <RecordTable
      caption="Past and pending broadcasts, newest first"
      minWidth="min-w-[40rem]"
      rows={rows}
      rowKey={(b) => b.id}
      columns={columns}
    />
  );
}

function Report({ id, onBack, onEdit }: { id: number; onBack: () => void; onEdit: (draft: Draft) => void }) {
  const { data, failed, load } = useAdminDetail<BroadcastReport>(`/api/admin/broadcasts/${id}`);
  const { expired, adminFetch } = useAdminSession();
  const task = useAdminTask({ onDone: () => void load() });
  const control = (verb: "resume" | "cancel") =>
    void task.run(() => adminFetch(`/api/admin/broadcasts/${id}/${verb}`, { method: "POST" }), {
      done: verb === "resume" ? "Broadcast resumed" : "Broadcast cancelled",
      failed: verb === "resume" ? "Could not resume it" : "Could not cancel it",
    });
  // While it goes out, the figures are read again every few seconds (the page only; nothing runs on the server for it).
  const moving = data && (data.state === "sending" || data.state === "scheduled" || data.queued > 0);
  useEffect(() => {
    if (!moving || expired) return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [moving, expired, load]);
  if (failed) return <LoadFailed what="the broadcast" onRetry={() => void load()} />;
  if (!data) return <Spinner label="Loading the broadcast" />;
  const figures: Array<[string, number]> = [
    ["Recipients", data.recipients],
    ["Delivered", data.sent],
    ["Bounced", data.bounced],
    ["Complained", data.complained],
    ["Left the list since", data.left],
    ["Failed", data.failed],
    ["Waiting", data.queued],
    ["Skipped (left or suppressed)", data.skipped],
  ];

  return (
    <section aria-labelledby="broadcast-report-heading" className="mt-4">
      <h3 id="broadcast-report-heading" className="text-lg font-semibold">
        Report: {data.subject}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {audienceOf(data)} · <span data-testid="broadcast-state">{BROADCAST_STATE_LABELS[data.state]}</span>
        {data.state === "scheduled" && data.sendAt ? ` for ${formatDateTime(data.sendAt)}` : ""}
        {data.startedAt ? ` · started ${formatDateTime(data.startedAt)}` : ""}
      </p>
      {data.state === "paused" ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="broadcast-paused">
          <p className="font-semibold text-amber-900">It paused itself: {data.pausedReason}.</p>
          <p className="mt-1 text-sm text-slate-800">
            Nothing more goes out until it is resumed (the rest is sent) or cancelled (nobody else gets it). The owner was told by e-mail.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={task.busy} onClick={() => control("resume")}>
              Resume sending
            </button>
            <button
              type="button"
              className="btn btn-secondary text-red-700"
              disabled={task.busy}
              onClick={() => (window.confirm("Cancel this broadcast? Nobody else gets it.") ? control("cancel") : undefined)}
            >
              Cancel the broadcast
            </button>
          </div>
        </div>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {data.failures.length ? (
        <>
          <h4 className="mt-4 font-semibold">Why messages failed</h4>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {data.failures.map((f) => (
              <li key={f.reason} className="break-words">
                {f.reason} ({f.count})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          All broadcasts
        </button>
        {data.state === "draft" ? (
          <button type="button" className="btn btn-secondary" onClick={() => onEdit(draftOf(data))}>
            Edit the draft
          </button>
        ) : null}
      </div>
    </section>
  );
}
