import { ListChecks, RotateCcw, TriangleAlert } from "lucide-react";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { formatDateTime } from "~/core/text/dates";
import { SideCard } from "./side-card";
import type { JobsOverview } from "~/core/jobs/jobs";
import { FiguresTable } from "~/components/ui/figures-table";

/** Waiting (queued or running) and dead jobs per type; done ones are not worth the admin's attention. */
function summarise(overview: JobsOverview) {
  const byType = new Map<string, { waiting: number; dead: number }>();
  for (const { type, state, count } of overview.counts) {
    const row = byType.get(type) ?? { waiting: 0, dead: 0 };
    if (state === "queued" || state === "running") row.waiting += count;
    if (state === "dead") row.dead += count;
    byType.set(type, row);
  }
  return [...byType].filter(([, row]) => row.waiting + row.dead > 0);
}

/** The System section's view of background jobs: what waits, what gave up (with its last error), and a retry. */
export function JobsPanel({ overview }: { overview: JobsOverview }) {
  const { adminFetch } = useAdminSession();
  const { pending: retrying, run } = useAdminTask();
  const rows = summarise(overview);
  const dead = overview.dead;

  const retry = (id: number) =>
    run(() => adminFetch(`/api/admin/jobs/${id}/retry`, { method: "POST" }), {
      done: "Job queued again",
      failed: "Could not retry the job",
      key: id,
    });

  return (
    <SideCard
      id="background-jobs"
      icon={
        dead.length ? (
          <TriangleAlert aria-hidden="true" className="size-5 text-amber-700" />
        ) : (
          <ListChecks aria-hidden="true" className="size-5" />
        )
      }
      title="Background jobs"
      warn={dead.length > 0}
    >
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-800">Nothing waiting, nothing failed.</p>
      ) : (
        <FiguresTable
          className="mt-2 w-full text-left text-sm text-slate-800"
          caption="Jobs waiting and dead, by type"
          rowHeader={{ label: "Type", breakAnywhere: true, cell: ([type]) => type }}
          columns={[
            { label: "Waiting", numeric: true, cell: ([, row]) => row.waiting },
            { label: "Dead", numeric: true, cell: ([, row]) => row.dead },
          ]}
          rows={rows}
          rowKey={([type]) => type}
        />
      )}
      {dead.length ? (
        <ul className="mt-3 grid gap-3 text-sm" aria-label="Dead jobs">
          {dead.map((job) => (
            <li key={job.id} className="border-l-2 border-amber-400 pl-3">
              <p className="font-medium text-slate-900">
                {job.type} #{job.id}
              </p>
              <p className="break-words text-slate-800">{job.lastError ?? "No error recorded"}</p>
              <p className="text-slate-700">
                {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"}
                {job.finishedAt ? (
                  <>
                    {" "}
                    · gave up <time dateTime={job.finishedAt}>{formatDateTime(job.finishedAt)}</time>
                  </>
                ) : null}
              </p>
              <button
                type="button"
                className="btn btn-secondary mt-2"
                disabled={retrying !== null}
                aria-label={`Retry ${job.type} job ${job.id}`}
                onClick={() => void retry(job.id)}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {retrying === job.id ? "Retrying…" : "Retry"}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </SideCard>
  );
}
