import { useId, useMemo, useState } from "react";
import { shortDay } from "./chart-format";
import type { CrawlerStatsResponse } from "~/discoverability/types";
import { FiguresTable } from "~/components/ui/figures-table";
import { addDays, daysOf, utcDay } from "~/core/text/utc-days";

/**
 * Crawler visits per day over the last 30 days, verified (from the operator's published addresses)
 * stacked under claimed (the name only), for all crawlers or one. A hand-made SVG with a text
 * summary for screen readers and the same figures in a table behind it.
 */
const DAYS = 30;
const W = 720;
const H = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 40 };

function lastDays(today = new Date()): string[] {
  const last = utcDay(today);
  return daysOf(addDays(last, -(DAYS - 1)), last);
}

export function CrawlerVisitsChart({ daily, crawlers }: { daily: CrawlerStatsResponse["crawler_visits_daily"]; crawlers: string[] }) {
  const [crawler, setCrawler] = useState("all");
  const id = useId();
  const days = useMemo(() => lastDays(), []);
  const series = useMemo(() => {
    const byDay = new Map(days.map((d) => [d, { verified: 0, claimed: 0 }]));
    for (const row of daily) {
      if (crawler !== "all" && row.crawler !== crawler) continue;
      const slot = byDay.get(row.day);
      if (slot) {
        slot.verified += row.verified;
        slot.claimed += row.claimed;
      }
    }
    return days.map((day) => ({ day, ...byDay.get(day)! }));
  }, [daily, crawler, days]);
  const max = Math.max(1, ...series.map((s) => s.verified + s.claimed));
  const total = series.reduce((n, s) => n + s.verified + s.claimed, 0);
  const verifiedTotal = series.reduce((n, s) => n + s.verified, 0);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const band = innerW / DAYS;
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, Math.round(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  const label = crawler === "all" ? "all crawlers" : crawler;

  return (
    <figure className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <figcaption id={`${id}-title`} className="text-lg font-bold">
          Crawler visits per day, last {DAYS} days
        </figcaption>
        <label className="grid gap-1 text-sm font-semibold">
          Crawler
          <select
            value={crawler}
            onChange={(e) => setCrawler(e.target.value)}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 font-normal"
          >
            <option value="all">All crawlers</option>
            {crawlers.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={`${id}-desc`} className="text-sm text-slate-700">
        {total === 0
          ? `No visits from ${label} in the last ${DAYS} days.`
          : `${total} visits from ${label}: ${verifiedTotal} verified, ${total - verifiedTotal} claimed.`}
      </p>
      <div
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-2"
        tabIndex={0}
        role="region"
        aria-label="Chart of crawler visits per day"
      >
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full">
          <defs>
            <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill="#fde68a" />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#b45309" strokeWidth="2" />
            </pattern>
          </defs>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fill="#334155" className="text-[11px] max-sm:text-[22px]">
                {t}
              </text>
            </g>
          ))}
          {series.map((s, i) => {
            const x = PAD.left + i * band + band * 0.15;
            const w = band * 0.7;
            return (
              <g key={s.day}>
                {s.verified > 0 ? <rect x={x} y={y(s.verified)} width={w} height={y(0) - y(s.verified)} fill="#4338ca" /> : null}
                {s.claimed > 0 ? (
                  <rect
                    x={x}
                    y={y(s.verified + s.claimed)}
                    width={w}
                    height={y(s.verified) - y(s.verified + s.claimed)}
                    fill={`url(#${id}-hatch)`}
                  />
                ) : null}
                {i % 5 === 0 || i === DAYS - 1 ? (
                  // The whole month fits a phone: there the labels are larger in the drawing's units (so
                  // about 11 px on screen) and every other one is left out.
                  <text
                    x={i === DAYS - 1 ? x + w : x + w / 2}
                    y={H - 8}
                    textAnchor={i === DAYS - 1 ? "end" : "middle"}
                    fill="#334155"
                    className={`text-[11px] max-sm:text-[22px] ${i % 10 === 5 ? "max-sm:hidden" : ""}`}
                  >
                    {shortDay(s.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="flex flex-wrap gap-4 text-sm text-slate-800" aria-label="Legend">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-700" /> Verified (published address)
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border border-amber-700 bg-amber-200" /> Claimed (name only)
        </li>
      </ul>
      <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <summary className="cursor-pointer font-semibold">Show the figures as a table</summary>
        <div className="mt-3 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={`Table of crawler visits per day for ${label}`}>
          <FiguresTable
            caption={`Crawler visits per day for ${label}`}
            rowHeader={{ label: "Day", cell: (s) => shortDay(s.day) }}
            columns={[
              { label: "Verified", numeric: true, cell: (s) => s.verified },
              { label: "Claimed", numeric: true, cell: (s) => s.claimed },
            ]}
            rows={series}
            rowKey={(s) => s.day}
          />
        </div>
      </details>
    </figure>
  );
}
