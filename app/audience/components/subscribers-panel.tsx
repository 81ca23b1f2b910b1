import { Download } from "lucide-react";
import { useAdminSession, useListParams } from "~/admin/admin-api";
import { listValues } from "~/admin/list-params";
import { useAdminTask } from "~/admin/admin-action";
import { RecordTable, type RecordColumns } from "~/admin/components/record-table";
import { FiguresTable } from "~/components/ui/figures-table";
import { formatDateTime } from "~/core/text/dates";
import { UNCONFIRMED_SUBSCRIBERS_KEPT_DAYS } from "~/privacy/retention";
import {
  LIST_LABELS,
  LISTS,
  PLATFORMS,
  SUBSCRIBER_STATES,
  type AudienceCounts,
  type ListName,
  type SubscriberRow,
  type SubscriberState,
} from "../lists";
import { ListOptions } from "./list-options";
import { EmailAddress } from "~/components/ui/email-address";

const STATE_LABELS: Record<SubscriberState, string> = {
  pending: "Unconfirmed",
  confirmed: "Confirmed",
  notify: "Told at city launch",
  unsubscribed: "Left",
};
const ENDED_REASONS = { bounce: "address bounced", complaint: "reported as spam" } as const;
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : "—");

/**
 * The mailing lists for the people who run them (issue 33). Everyone who sees the section (editors and up)
 * gets the counts: per list and state, by city and platform, growth; administrators and the owner also get
 * the subscribers of the list in the address (`people`) with their consent record, the CSV export and
 * deleting one (both audited).
 */
export function SubscribersPanel({ counts, people }: { counts: AudienceCounts; people: SubscriberRow[] | null }) {
  return (
    <div>
      <h2 className="text-xl font-bold">The lists</h2>
      <p className="mt-1 text-sm text-slate-700">
        The early-adopter list and new posts by e-mail: double opt-in, one click to leave. Unconfirmed sign-ups are erased after{" "}
        {UNCONFIRMED_SUBSCRIBERS_KEPT_DAYS} days.
      </p>
      <Counts counts={counts} />
      {people ? <SubscriberList rows={people} /> : null}
    </div>
  );
}

function Counts({ counts }: { counts: AudienceCounts }) {
  const recent = counts.growth.slice(-14);
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="sub-lists-heading">
        <h3 id="sub-lists-heading" className="font-semibold">
          Per list
        </h3>
        <p className="mt-1 text-sm text-slate-700" data-testid="spots">
          Spots left: {counts.spots.left} of {counts.spots.total}
        </p>
        <FiguresTable
          className="mt-2 w-full text-left text-sm"
          caption="Subscribers per list and state"
          rowHeader={{ label: "List", cell: (list) => LIST_LABELS[list] }}
          columns={SUBSCRIBER_STATES.map((state) => ({
            label: STATE_LABELS[state],
            numeric: true,
            cell: (list: ListName) => counts.lists[list][state],
          }))}
          rows={[...LISTS]}
          rowKey={(list) => list}
        />
      </section>
      <section aria-labelledby="sub-where-heading">
        <h3 id="sub-where-heading" className="font-semibold">
          Early adopters by city and phone
        </h3>
        <ul className="mt-2 grid gap-1 text-sm">
          {counts.byCity.length === 0 ? <li className="text-slate-600">No confirmed early adopters yet.</li> : null}
          {counts.byCity.map((c) => (
            <li key={c.city}>
              {c.city}: {c.count}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm">
          {counts.byPlatform.map((p) => `${(PLATFORMS as Record<string, string>)[p.platform] ?? p.platform}: ${p.count}`).join(" · ") ||
            "No platform figures yet."}
        </p>
      </section>
      <section aria-labelledby="sub-growth-heading" className="lg:col-span-2">
        <h3 id="sub-growth-heading" className="font-semibold">
          Growth (confirmations per day)
        </h3>
        {recent.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No confirmations in the last 90 days.</p>
        ) : (
          <FiguresTable
            className="mt-2 w-full max-w-md text-left text-sm"
            caption="Confirmations per day, the last 14 days"
            rowHeader={{ label: "Day", cell: (g) => g.day }}
            columns={[
              { label: "Early adopters", numeric: true, cell: (g) => g.waitlist },
              { label: "Blog", numeric: true, cell: (g) => g.blog },
            ]}
            rows={recent}
            rowKey={(g) => g.day}
          />
        )}
      </section>
    </div>
  );
}

const PARAMS = { list: "list" };
const DEFAULTS = { list: "waitlist" };

/** The list whose people the section shows: the address's `?list=`, else the early-adopter list. */
export function peopleListOf(search: URLSearchParams): string {
  return listValues(search, PARAMS, DEFAULTS).list;
}

function SubscriberList({ rows }: { rows: SubscriberRow[] }) {
  const [params, setParams] = useListParams(PARAMS, DEFAULTS);
  const list = params.list as ListName;
  const { adminFetch } = useAdminSession();
  const { pending, run } = useAdminTask();
  const remove = async (row: SubscriberRow) => {
    if (!window.confirm(`Delete ${row.email} from the ${LIST_LABELS[row.list]} for good?`)) return;
    await run(() => adminFetch(`/api/admin/subscribers/${row.id}`, { method: "DELETE" }), {
      key: row.id,
      done: { title: "Subscriber deleted" },
      failed: "Failed to delete the subscriber",
    });
  };
  const columns: RecordColumns<SubscriberRow> = [
    { label: "E-mail", cell: (row) => <EmailAddress address={row.email} /> },
    { label: "State", className: "font-medium", cell: (row) => STATE_LABELS[row.state] },
    list === "waitlist"
      ? { label: "City, phone", cell: (row) => `${row.city ?? "—"}, ${(PLATFORMS as Record<string, string>)[row.platform ?? ""] ?? "—"}` }
      : null,
    {
      label: "Consent",
      cell: (row) => (
        <>
          {when(row.consentAt)} on {row.consentPage}
          <details>
            <summary className="cursor-pointer text-slate-700">Wording shown</summary>
            <p className="mt-1 max-w-sm text-slate-700">{row.consentWording}</p>
          </details>
        </>
      ),
    },
    { label: "Confirmed", cell: (row) => when(row.confirmedAt) },
    {
      label: "Ended",
      cell: (row) =>
        row.endedReason ? (
          <>
            {when(row.endedAt)} ({ENDED_REASONS[row.endedReason]})
          </>
        ) : (
          when(row.endedAt)
        ),
    },
    {
      label: <span className="sr-only">Action</span>,
      cell: (row) => (
        <button type="button" className="btn btn-secondary" disabled={pending !== null} onClick={() => void remove(row)}>
          Delete<span className="sr-only"> {row.email}</span>
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="sub-people-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sub-people-heading" className="font-semibold">
          Subscribers
        </h3>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            List
            <select
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3"
              value={list}
              onChange={(e) => setParams({ list: e.target.value })}
            >
              <ListOptions />
            </select>
          </label>
          <a className="btn btn-secondary" href={`/api/admin/subscribers.csv?list=${list}`} download>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
      </div>
      {rows.length === 0 ? <p className="mt-4 text-slate-700">Nobody on this list yet.</p> : null}
      {rows.length > 0 ? (
        <RecordTable
          caption={`Subscribers to the ${LIST_LABELS[list]}`}
          minWidth="min-w-[48rem]"
          rows={rows}
          rowKey={(row) => row.id}
          columns={columns}
        />
      ) : null}
    </section>
  );
}
