import { type FormEvent, type ReactNode } from "react";
import { useAdminSession, useListParams } from "~/admin/admin-api";
import { FiguresTable } from "~/components/ui/figures-table";
import { toCsv } from "~/core/text/csv";
import { nextTurn } from "~/core/limits/next-turn";
import { GOAL_LABELS } from "../funnels";
import { addDays, type AnalyticsReport } from "../report";
import { NO_RANGE_PARAMS, RANGE_PARAMS, type AnalyticsSection } from "../section";
import { AnalyticsChart } from "./analytics-chart";
import { BroughtTable } from "./brought-table";
import { FunnelsPanel } from "./funnels-panel";
import { utcDay } from "~/core/text/utc-days";

/** The Analytics section: who came, from where, what they read and did, and what AI crawlers read beside it. */
const RANGES = [
  { label: "Today", days: 1 },
  { label: "7 days", days: 7 },
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
] as const;

const today = () => utcDay(Date.now());

function download(name: string, header: string[], rows: unknown[][]): void {
  const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  void nextTurn().then(() => URL.revokeObjectURL(url));
}

type TableProps = {
  title: string;
  csv: string;
  header: string[];
  rows: ReactNode[][];
  empty: string;
  /** Rows not shown (the tab shows each list's top rows). */
  more: number;
  /** Every row, for the CSV (the shown ones when none is left out). */
  allRows: () => Promise<ReactNode[][]>;
};

function Table({ title, csv, header, rows, empty, more, allRows }: TableProps) {
  const exportCsv = async () => {
    const all = more > 0 ? await allRows() : rows;
    download(
      csv,
      header,
      all.map((r) => r.map((c) => (typeof c === "object" ? "" : c))),
    );
  };
  return (
    <section className="card grid gap-2 p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-bold">{title}</h3>
        <button type="button" className="btn btn-secondary text-sm" onClick={() => void exportCsv()}>
          Export {title} as CSV
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <div className="overflow-x-auto text-sm">
          <FiguresTable
            caption={title}
            rowHeader={{ label: header[0]!, breakAnywhere: true, cell: (row) => row[0] }}
            columns={header.slice(1).map((label, i) => ({ label, numeric: true, cell: (row: ReactNode[]) => row[i + 1] }))}
            rows={rows}
            rowKey={(row) => row.map(String).join("\u0000")}
          />
          {more > 0 ? <p className="px-2 pt-2 text-sm text-slate-700">and {more.toLocaleString("en")} more (in the CSV)</p> : null}
        </div>
      )}
    </section>
  );
}

/**
 * The figures of the range in the section's address (`?from=&to=`), as its loader computed them; another
 * range is another address, so the loader runs again (and a reload or a shared link shows the same range).
 * The funnel chosen and its filters stay in the address as the range changes.
 */
export function AnalyticsPanel({ report, brought, funnels }: AnalyticsSection) {
  const { adminFetch } = useAdminSession();
  const [, setRange] = useListParams(RANGE_PARAMS, NO_RANGE_PARAMS);
  const range = { from: report.from, to: report.to };

  const custom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = String(form.get("from") ?? "");
    const to = String(form.get("to") ?? "");
    if (from && to && from <= to) setRange({ from, to });
  };
  const suffix = `${range.from}_${range.to}.csv`;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2">
        {RANGES.map((r) => {
          const from = addDays(today(), 1 - r.days);
          const active = range.from === from && range.to === today();
          return (
            <button
              key={r.label}
              type="button"
              aria-pressed={active}
              className={`btn ${active ? "btn-primary" : "btn-secondary"}`}
              onClick={() => setRange({ from, to: today() })}
            >
              {r.label}
            </button>
          );
        })}
        <form onSubmit={custom} className="flex flex-wrap items-end gap-2" aria-label="Custom range">
          <label className="grid text-sm">
            From
            <input type="date" name="from" defaultValue={range.from} max={today()} className="input" />
          </label>
          <label className="grid text-sm">
            To
            <input type="date" name="to" defaultValue={range.to} max={today()} className="input" />
          </label>
          <button type="submit" className="btn btn-secondary">
            Show range
          </button>
        </form>
      </div>
      <p className="text-sm text-slate-700">
        Not counted: crawlers and headless browsers, prefetches, and visitors whose browser sends Global Privacy Control (Sec-GPC). No
        cookie is set and no address is kept; a visitor is counted once a day (visitors over several days add up each day's).
      </p>
      <Figures
        report={report}
        suffix={suffix}
        full={() => adminFetch<AnalyticsReport>(`/api/admin/analytics?from=${report.from}&to=${report.to}`)}
      />
      {/* Site-wide figures: for editors and up (an author's view is their own posts' pages; the loader reads none). */}
      {brought ? <BroughtTable report={brought} /> : null}
      {funnels ? <FunnelsPanel view={funnels} range={range} /> : null}
    </div>
  );
}

function Figures({ report, suffix, full }: { report: AnalyticsReport; suffix: string; full: () => Promise<AnalyticsReport> }) {
  const pages = (r: AnalyticsReport) => r.pages.map((p) => [p.path, p.pageviews, p.visitors, p.aiCrawls, p.aiReferrals]);
  const sources = (r: AnalyticsReport) => r.sources.map((s) => [s.name, s.kind, s.visitors]);
  const campaigns = (r: AnalyticsReport) => r.campaigns.map((c) => [c.campaign, c.source, c.medium, c.visitors]);
  const conversions = (r: AnalyticsReport) =>
    r.conversions.pages.map((c) => [c.on, GOAL_LABELS[c.goal], c.visitors, `${(c.rate * 100).toFixed(1)}%`]);
  return (
    <>
      {report.ownPostsOnly ? <p className="text-sm text-slate-700">Figures for your own posts.</p> : null}
      <dl className="grid grid-cols-2 gap-3">
        <div className="card p-4">
          <dt className="text-sm text-slate-700">Visitors</dt>
          <dd className="text-3xl font-bold tabular-nums" data-testid="analytics-visitors">
            {report.visitors}
          </dd>
        </div>
        <div className="card p-4">
          <dt className="text-sm text-slate-700">Page views</dt>
          <dd className="text-3xl font-bold tabular-nums" data-testid="analytics-pageviews">
            {report.pageviews}
          </dd>
        </div>
      </dl>
      <AnalyticsChart daily={report.daily} />
      <Table
        title="Top pages"
        csv={`pages_${suffix}`}
        header={["Page", "Page views", "Visitors", "AI crawls", "AI referrals"]}
        rows={pages(report)}
        more={report.more.pages}
        allRows={async () => pages(await full())}
        empty="No page views in this range."
      />
      {report.ownPostsOnly ? null : (
        <>
          <Table
            title="Sources"
            csv={`sources_${suffix}`}
            header={["Source", "Kind", "Visitors"]}
            rows={sources(report)}
            more={report.more.sources}
            allRows={async () => sources(await full())}
            empty="No visitors in this range."
          />
          <Table
            title="Campaigns"
            csv={`campaigns_${suffix}`}
            header={["Campaign", "Source", "Medium", "Visitors"]}
            rows={campaigns(report)}
            more={report.more.campaigns}
            allRows={async () => campaigns(await full())}
            empty="No campaign links (utm_campaign) in this range."
          />
          <Table
            title="Goals"
            csv={`goals_${suffix}`}
            header={["Goal", "Count"]}
            rows={report.goals.map((g) => [GOAL_LABELS[g.name], g.count])}
            more={0}
            allRows={async () => []}
            empty="No goals."
          />
          <Table
            title="Conversions by page"
            csv={`conversions_${suffix}`}
            header={["Page", "Goal", "Visitors", "Rate"]}
            rows={conversions(report)}
            more={report.more.conversionPages}
            allRows={async () => conversions(await full())}
            empty="No goal reached in this range."
          />
        </>
      )}
    </>
  );
}
