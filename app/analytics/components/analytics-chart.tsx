import { useId } from "react";
import { shortDay } from "~/discoverability/components/chart-format";
import type { AnalyticsReport } from "../report";

const W = 640;
const H = 180;
const PAD = { top: 12, right: 12, bottom: 26, left: 44 };

/**
 * Visitors and page views per day over the range: hand-made SVG as the discoverability charts are (no
 * third-party script), with a sentence for screen readers; the figures are in the tables below.
 */
export function AnalyticsChart({ daily }: { daily: AnalyticsReport["daily"] }) {
  const id = useId();
  const max = Math.max(1, ...daily.map((d) => d.pageviews));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (daily.length <= 1 ? innerW / 2 : (i / (daily.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (key: "visitors" | "pageviews") =>
    daily.map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(" ");
  const busiest = daily.reduce((best, d) => (d.pageviews > best.pageviews ? d : best), daily[0] ?? { day: "", pageviews: 0, visitors: 0 });
  const desc =
    daily.length === 0 || busiest.pageviews === 0
      ? "No page views in this range."
      : `${daily.length} days; the busiest was ${shortDay(busiest.day)} with ${busiest.pageviews} page views from ${busiest.visitors} visitors.`;
  const ticks = daily.length <= 1 ? daily.map((_, i) => i) : [0, Math.floor((daily.length - 1) / 2), daily.length - 1];
  return (
    <figure className="card grid gap-2 p-4">
      <figcaption id={`${id}-t`} className="font-bold">
        Visitors and page views per day
      </figcaption>
      <p id={`${id}-d`} className="text-xs text-slate-700">
        {desc}
      </p>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full">
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
        <text x={PAD.left - 4} y={y(max) + 4} textAnchor="end" fontSize="11" fill="#334155">
          {max}
        </text>
        <text x={PAD.left - 4} y={y(0) + 4} textAnchor="end" fontSize="11" fill="#334155">
          0
        </text>
        {ticks.map((i) => (
          <text key={i} x={x(i)} y={H - 6} textAnchor="middle" fontSize="11" fill="#334155">
            {shortDay(daily[i]!.day)}
          </text>
        ))}
        <path d={line("pageviews")} fill="none" stroke="#0369a1" strokeWidth="2" />
        <path d={line("visitors")} fill="none" stroke="#b45309" strokeWidth="2" strokeDasharray="5 3" />
        {daily.length <= 31
          ? daily.map((d, i) => (
              <g key={d.day}>
                <circle cx={x(i)} cy={y(d.pageviews)} r="3" fill="#0369a1" />
                <circle cx={x(i)} cy={y(d.visitors)} r="3" fill="#b45309" />
              </g>
            ))
          : null}
      </svg>
      <p className="flex gap-4 text-xs text-slate-700">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 bg-sky-700 align-middle" />
          Page views
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 border-t-2 border-dashed border-amber-700 align-middle" />
          Visitors
        </span>
      </p>
    </figure>
  );
}
