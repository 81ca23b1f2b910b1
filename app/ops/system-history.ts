import type { DomainReport } from "~/mail/domain-records";
/**
 * The System section's vital signs: what each sample holds, and how a week of samples (one every
 * SAMPLE_EVERY_MINUTES) becomes a chart's points. Pure, shared by the service and the section.
 */

import type { LastBackup } from "./backup/format";

export const SAMPLE_EVERY_MINUTES = 5;
export const HISTORY_DAYS = 7;
export const HISTORY_MS = HISTORY_DAYS * 24 * 60 * 60_000;

/** Each figure a sample may hold, in the order the section shows them. */
export const VITAL_SIGNS = [
  { key: "requestsPerMinute", label: "Requests a minute", unit: "", scope: "instance" },
  { key: "serverErrorsPerMinute", label: "Server errors a minute", unit: "", scope: "instance" },
  { key: "cacheHitPercent", label: "Front cache hits", unit: "%", scope: "instance" },
  { key: "eventLoopP99Ms", label: "Event-loop delay (p99)", unit: " ms", scope: "instance" },
  { key: "memoryMb", label: "Memory (resident)", unit: " MB", scope: "instance" },
  { key: "jobsWaiting", label: "Jobs waiting", unit: "", scope: "site" },
  { key: "jobsDead", label: "Jobs failed for good", unit: "", scope: "site" },
  { key: "oldestMailMinutes", label: "Oldest unsent e-mail", unit: " min", scope: "site" },
  { key: "diskUsedPercent", label: "Data folder's disk used", unit: "%", scope: "site" },
  { key: "databaseMb", label: "Database size", unit: " MB", scope: "site" },
] as const;

export type VitalSign = (typeof VITAL_SIGNS)[number]["key"];
export type SampleValues = Partial<Record<VitalSign, number>>;
export type Sample = { takenAt: string; values: SampleValues };
/** One chart point: the mean of the samples in its bucket (null where no sample holds the figure). */
export type HistoryPoint = { at: string; values: Partial<Record<VitalSign, number | null>> };

/** What the System section shows (GET /api/admin/system). */
export type SystemOverview = {
  /** The figures now, read by the instance answering. */
  now: SampleValues;
  instance: string;
  history: HistoryPoint[];
  samples: number;
  backup: LastBackup | null;
  backupSchedule: { dailyAt: string; keep: number; timezone: string };
  /** The answering instance's clock against the database's (positive: ahead), and the warning when it is off. */
  clock: { skewMs: number; warning: string | null };
  /** The sending domain's SPF, DKIM and DMARC as last checked by its job (issue 51); null before the first check. */
  mailDomain: DomainReport | null;
};

const KEYS = new Set<string>(VITAL_SIGNS.map((v) => v.key));

/** Keeps only known, finite figures (a sample is stored as JSON; a NaN or an unknown key never reaches the section). */
export function cleanValues(values: Record<string, number | null | undefined>): SampleValues {
  const clean: SampleValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (KEYS.has(key) && typeof value === "number" && Number.isFinite(value)) clean[key as VitalSign] = Math.round(value * 100) / 100;
  }
  return clean;
}

/**
 * The samples of [now - HISTORY_MS, now] averaged into `buckets` equal periods (a week at 5 minutes is
 * 2,016 samples; a chart needs ~168 points). Empty periods are left out, so a stopped site shows a gap in
 * time rather than zeros.
 */
export function historyPoints(samples: readonly Sample[], now: Date, buckets = HISTORY_DAYS * 24): HistoryPoint[] {
  const end = now.getTime();
  const start = end - HISTORY_MS;
  const width = HISTORY_MS / buckets;
  const sums = new Map<number, { n: Partial<Record<VitalSign, number>>; sum: Partial<Record<VitalSign, number>> }>();
  for (const sample of samples) {
    const t = new Date(sample.takenAt).getTime();
    if (!(t > start && t <= end)) continue;
    const bucket = Math.min(buckets - 1, Math.floor((t - start) / width));
    const acc = sums.get(bucket) ?? { n: {}, sum: {} };
    for (const [key, value] of Object.entries(sample.values) as Array<[VitalSign, number]>) {
      acc.sum[key] = (acc.sum[key] ?? 0) + value;
      acc.n[key] = (acc.n[key] ?? 0) + 1;
    }
    sums.set(bucket, acc);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, acc]) => ({
      at: new Date(start + (bucket + 1) * width).toISOString(),
      values: Object.fromEntries(
        VITAL_SIGNS.map(({ key }) => [key, acc.n[key] ? Math.round((acc.sum[key]! / acc.n[key]!) * 100) / 100 : null]),
      ),
    }));
}

/** A per-minute rate from two readings of a counter that only grows (a restart resets it: no rate then). */
export function perMinute(previous: { total: number; at: number } | null, current: { total: number; at: number }): number | null {
  if (!previous || current.total < previous.total || current.at <= previous.at) return null;
  return ((current.total - previous.total) * 60_000) / (current.at - previous.at);
}

/** Figures from a chart's points, for its text alternative: latest, lowest and highest. */
export function summarise(points: readonly HistoryPoint[], key: VitalSign): { latest: number; min: number; max: number } | null {
  const values = points.map((p) => p.values[key]).filter((v): v is number => typeof v === "number");
  if (values.length === 0) return null;
  return { latest: values.at(-1)!, min: Math.min(...values), max: Math.max(...values) };
}
