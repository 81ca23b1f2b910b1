import { Eraser } from "lucide-react";
import { SideCard } from "~/admin/components/side-card";
import { formatDateTime } from "~/core/text/dates";
import { RETENTION_RULE_LABELS, RETENTION_RULES, type RetentionCounts } from "../retention";

export type RetentionSummaryData = { finishedAt: string; erased: RetentionCounts; total: number } | null;

/** The dashboard's view of the daily retention job: when it last ran and what each rule erased. */
export function RetentionSummary({ run }: { run: RetentionSummaryData }) {
  return (
    <SideCard id="retention-summary" icon={<Eraser aria-hidden="true" className="size-5" />} title="Data retention">
      {run ? (
        <>
          <p className="mt-2 text-sm text-slate-800">
            Last run <time dateTime={run.finishedAt}>{formatDateTime(run.finishedAt)}</time>
            {`: ${run.total} ${run.total === 1 ? "record" : "records"} erased.`}
          </p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid="retention-counts">
            {RETENTION_RULES.map((rule) => (
              <div key={rule} className="contents">
                <dt className="text-slate-700">{RETENTION_RULE_LABELS[rule]}</dt>
                <dd className="text-right font-medium tabular-nums">{run.erased[rule] ?? 0}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">The daily retention job has not run yet.</p>
      )}
    </SideCard>
  );
}
