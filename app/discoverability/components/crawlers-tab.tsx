import type { CrawlerStatsResponse } from "~/discoverability/types";
import { formatDateTime } from "~/core/text/dates";
import { CrawlerVisitsChart } from "./crawler-visits-chart";

/** The AI admin's Crawlers tab: visits a day, and each known crawler's last visit and pages crawled. */
export function Crawlers({ stats }: { stats: CrawlerStatsResponse }) {
  const rows = Object.entries(stats.crawler_activity);
  return (
    <>
      <CrawlerVisitsChart daily={stats.crawler_visits_daily} crawlers={rows.map(([name]) => name)} />
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Crawler activity">
        <table className="w-full text-left text-sm">
          <caption className="p-4 text-left font-semibold">Crawler activity (pages crawled: distinct pages in the last 30 days)</caption>
          <thead>
            <tr className="border-y border-slate-200 bg-slate-50">
              <th scope="col" className="px-4 py-2">
                Crawler
              </th>
              <th scope="col" className="px-4 py-2">
                Last visit
              </th>
              <th scope="col" className="px-4 py-2">
                Status
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Pages crawled
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Of them verified
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, row]) => (
              <tr key={name} className="border-b border-slate-100">
                <th scope="row" className="px-4 py-2">
                  <span className="font-semibold">{name}</span>{" "}
                  <span className="font-normal text-slate-700">
                    · {row.operator}, {row.kind === "search" ? "search" : "AI"}
                  </span>
                </th>
                <td className="whitespace-nowrap px-4 py-2">
                  {row.last_visit ? <time dateTime={row.last_visit}>{formatDateTime(row.last_visit)}</time> : "Never"}
                </td>
                <td className="px-4 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.status === "active" ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-800"}`}
                  >
                    {row.status}
                  </span>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{row.pages_crawled}</td>
                <td className="px-4 py-2 text-right tabular-nums">{row.verified_pages_crawled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
