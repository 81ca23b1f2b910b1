import type { CrawlerStatsResponse } from "~/discoverability/types";
import { VITAL_NAMES } from "~/discoverability/vitals";
import { ratingClass, VitalsTrendCharts } from "./vitals-trend-chart";

/** The AI admin's Overview tab: the four headline figures and the Core Web Vitals of real visits. */
function Stat({ label, value, note }: { label: string; value: React.ReactNode; note: string }) {
  return (
    <div className="card p-5">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-2 text-3xl font-extrabold tracking-tight">{value}</dd>
      <dd className="mt-1 text-xs text-slate-700">{note}</dd>
    </div>
  );
}

export function Overview({ stats }: { stats: CrawlerStatsResponse }) {
  const { indexing_status: s, performance_metrics: p } = stats;
  const vitals = p.field_data;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total pages" value={s.total_pages} note="URLs in the sitemap" />
        <Stat label="Indexed pages" value={s.indexed_pages} note="Fetched by a verified search crawler in 90 days" />
        <Stat label="AI-optimised pages" value={s.ai_optimized_pages} note="Structured data, Markdown version and llms.txt entry" />
        <Stat
          label="Core Web Vitals"
          value={
            <span className={`inline-block rounded-full px-3 py-1 text-lg ${ratingClass(p.core_web_vitals)}`}>{p.core_web_vitals}</span>
          }
          note={`75th percentile of real visits, last ${vitals.days} days`}
        />
      </dl>
      <section aria-labelledby="vitals-heading" className="grid gap-4">
        <h2 id="vitals-heading" className="text-xl font-bold">
          Core Web Vitals from real visitors
        </h2>
        <VitalsTrendCharts vitals={vitals} />
        {vitals.pages.length > 0 ? (
          <div
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
            tabIndex={0}
            role="region"
            aria-label="Rating per page"
          >
            <table className="w-full text-left text-sm">
              <caption className="p-4 text-left font-semibold">Rating per page (75th percentile, last {vitals.days} days)</caption>
              <thead>
                <tr className="border-y border-slate-200 bg-slate-50">
                  <th scope="col" className="px-4 py-2">
                    Page
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Rating
                  </th>
                  {VITAL_NAMES.map((m) => (
                    <th key={m} scope="col" className="whitespace-nowrap px-4 py-2 text-right">
                      {m}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {vitals.pages.map((row) => (
                  <tr key={row.page} className="border-b border-slate-100">
                    <th scope="row" className="whitespace-nowrap px-4 py-2 font-mono text-xs font-normal">
                      {row.page}
                    </th>
                    <td className="px-4 py-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ratingClass(row.rating)}`}>{row.rating}</span>
                    </td>
                    {VITAL_NAMES.map((m) => (
                      <td key={m} className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                        {row.metrics[m] ? (m === "CLS" ? row.metrics[m].p75.toFixed(2) : `${row.metrics[m].p75} ms`) : "—"}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
