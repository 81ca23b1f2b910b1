import { useId } from "react";
import { shortDay } from "./chart-format";
import type { FieldVitals } from "~/discoverability/types";
import { rateVital, VITAL_NAMES, type VitalName } from "~/discoverability/vitals";
import { FiguresTable } from "~/components/ui/figures-table";

/**
 * Each vital's daily 75th percentile over the rating window, drawn over its Good / Needs
 * Improvement / Poor bands. Hand-made SVG, a sentence for screen readers, the figures in a table.
 */
const W = 340;
const H = 150;
const PAD = { top: 10, right: 10, bottom: 24, left: 46 };

const format = (metric: VitalName, value: number) =>
  metric === "CLS" ? value.toFixed(2) : `${Math.round(value).toLocaleString("en-US")} ms`;

function VitalChart({ metric, vitals }: { metric: VitalName; vitals: FieldVitals }) {
  const id = useId();
  const points = vitals.daily.filter((d) => d.metric === metric);
  const t = vitals.thresholds[metric];
  const summary = vitals.metrics[metric];
  const max = Math.max(t.poor * 1.25, ...points.map((p) => p.p75));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + innerH - (Math.min(v, max) / max) * innerH;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.p75).toFixed(1)}`).join(" ");
  const title = `${metric} 75th percentile per day`;
  const desc = summary
    ? `${metric} is rated ${summary.rating}: 75th percentile ${format(metric, summary.p75)} over ${summary.samples} measurements. Good is at most ${format(metric, t.good)}, Poor above ${format(metric, t.poor)}.`
    : `No ${metric} measurements yet.`;
  return (
    <figure className="card grid gap-2 p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span id={`${id}-t`} className="font-bold">
          {metric}
        </span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ratingClass(summary?.rating ?? "No data")}`}>
          {summary ? `${summary.rating} · ${format(metric, summary.p75)}` : "No data"}
        </span>
      </figcaption>
      <p id={`${id}-d`} className="text-xs text-slate-700">
        {desc}
      </p>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full">
        <title>{title}</title>
        <rect x={PAD.left} y={y(t.good)} width={innerW} height={y(0) - y(t.good)} fill="#dcfce7" />
        <rect x={PAD.left} y={y(t.poor)} width={innerW} height={y(t.good) - y(t.poor)} fill="#fef3c7" />
        <rect x={PAD.left} y={PAD.top} width={innerW} height={y(t.poor) - PAD.top} fill="#fee2e2" />
        {[t.good, t.poor].map((v) => (
          <text key={v} x={PAD.left - 4} y={y(v) + 4} textAnchor="end" fontSize="10" fill="#334155">
            {format(metric, v).replace(" ms", "")}
          </text>
        ))}
        {points.length > 0 ? (
          <>
            <path d={path} fill="none" stroke="#312e81" strokeWidth="2" />
            {points.map((p, i) => (
              <circle key={p.day} cx={x(i)} cy={y(p.p75)} r="3" fill="#312e81" />
            ))}
            <text x={PAD.left} y={H - 6} fontSize="10" fill="#334155">
              {shortDay(points[0]!.day)}
            </text>
            <text x={W - PAD.right} y={H - 6} fontSize="10" fill="#334155" textAnchor="end">
              {shortDay(points.at(-1)!.day)}
            </text>
          </>
        ) : (
          <text x={PAD.left + innerW / 2} y={PAD.top + innerH / 2} textAnchor="middle" fontSize="12" fill="#334155">
            No data
          </text>
        )}
      </svg>
      {points.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">Table</summary>
          <FiguresTable
            className="mt-2 w-full text-left"
            caption={title}
            rowHeader={{ label: "Day", cell: (p) => shortDay(p.day) }}
            columns={[
              { label: "p75", numeric: true, cell: (p) => format(metric, p.p75) },
              { label: "Rating", cell: (p) => rateVital(metric, p.p75) },
              { label: "Samples", numeric: true, cell: (p) => p.samples },
            ]}
            rows={points}
            rowKey={(p) => p.day}
          />
        </details>
      ) : null}
    </figure>
  );
}

export function ratingClass(rating: string): string {
  if (rating === "Good") return "bg-green-100 text-green-900";
  if (rating === "Needs Improvement") return "bg-amber-100 text-amber-950";
  if (rating === "Poor") return "bg-red-100 text-red-900";
  return "bg-slate-100 text-slate-800";
}

export function VitalsTrendCharts({ vitals }: { vitals: FieldVitals }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {VITAL_NAMES.map((metric) => (
        <VitalChart key={metric} metric={metric} vitals={vitals} />
      ))}
    </div>
  );
}
