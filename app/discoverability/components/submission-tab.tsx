import type { AiIndexingStatusResponse, SubmitSitemapResponse } from "~/discoverability/types";

/** The AI admin's Submission tab: how to submit by hand, and what each engine answered to Submit Sitemaps. */
export function Submission({
  status,
  results,
}: {
  status: AiIndexingStatusResponse;
  results: SubmitSitemapResponse["submissions"]["main_sitemap"] | null;
}) {
  return (
    <>
      <section aria-labelledby="instructions-heading" className="grid min-w-0 gap-3">
        <h2 id="instructions-heading" className="text-xl font-bold">
          Manual submission
        </h2>
        <dl className="grid gap-3">
          {Object.entries(status.indexing_instructions).map(([platform, text]) => (
            <div key={platform} className="card p-4">
              <dt className="font-semibold">{platform}</dt>
              <dd className="mt-1 text-sm text-slate-800 [overflow-wrap:anywhere]">{text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="results-heading" className="grid gap-3" aria-live="polite">
        <h2 id="results-heading" className="text-xl font-bold">
          Submission results
        </h2>
        {results ? (
          <ul className="grid gap-2">
            {results.map((row) => (
              <li
                key={row.engine}
                className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
              >
                <span className="font-medium">{row.engine}</span>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${row.success ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
                >
                  {row.success ? "Success" : "Failed"}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Use Submit Sitemaps to send every sitemap URL by IndexNow; each engine&apos;s answer shows here.</p>
        )}
      </section>
    </>
  );
}
