import { Activity, DatabaseBackup, Download, TriangleAlert } from "lucide-react";
import { useRevalidator } from "react-router";
import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { formatDateTime } from "~/core/text/dates";
import {
  HISTORY_DAYS,
  HISTORY_MS,
  SAMPLE_EVERY_MINUTES,
  summarise,
  VITAL_SIGNS,
  type HistoryPoint,
  type SystemOverview,
  type VitalSign,
} from "~/ops/system-history";
import { MailDomainSection } from "~/mail/components/mail-domain";

type SystemData = SystemOverview;

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const show = (value: number | null | undefined, unit: string) => (typeof value === "number" ? `${number.format(value)}${unit}` : "–");

function formatBytes(bytes: number | null): string {
  if (bytes === null) return "–";
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / 1024 / 1024)} MB`;
}

/** The System section (administrators): the site's vital signs now and over a week, and its backups. */
export function SystemPanel({ owner, data }: { owner: boolean; data: SystemData }) {
  const { revalidate, state } = useRevalidator();
  const loading = state === "loading";
  return (
    <div className="grid gap-8">
      {data.clock.warning ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
          data-testid="clock-warning"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          {data.clock.warning}
        </p>
      ) : null}
      <BackupSection data={data} owner={owner} />
      <MailDomainSection report={data.mailDomain} />
      <section aria-labelledby="vital-signs">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="vital-signs" className="flex items-center gap-2 text-xl font-bold">
            <Activity aria-hidden="true" className="size-5" />
            Vital signs
          </h2>
          <button type="button" className="btn btn-secondary min-h-11" onClick={() => void revalidate()} disabled={loading}>
            {loading ? "Refreshing..." : "Refresh"}
          </button>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          Now, as read by {data.instance} (its rates since its last sample); the charts show the last {HISTORY_DAYS} days in hourly means (
          {data.samples} {data.samples === 1 ? "sample" : "samples"}, one every {SAMPLE_EVERY_MINUTES} minutes).
          {data.samples === 0 ? " The history fills in as samples are taken." : ""} Each instance&apos;s own figures are on its /metrics.
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-3 xl:grid-cols-3">
          {VITAL_SIGNS.map((sign) => (
            <li key={sign.key} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid={`vital-${sign.key}`}>
              <p className="text-sm font-semibold text-slate-700">{sign.label}</p>
              <p className="mt-1 text-xl font-extrabold tabular-nums text-slate-900 sm:text-2xl">{show(data.now[sign.key], sign.unit)}</p>
              <Sparkline points={data.history} sign={sign.key} label={sign.label} unit={sign.unit} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function BackupSection({ data, owner }: { data: SystemData; owner: boolean }) {
  const { adminFetch } = useAdminSession();
  const { busy, run } = useAdminTask();
  const { backup, backupSchedule } = data;
  const failed = backup?.status === "failed";

  const backUpNow = () =>
    run(() => adminFetch<{ message: string }>("/api/admin/backups", { method: "POST" }), {
      done: (answer) => answer.message,
      failed: "Could not queue a backup",
    });

  return (
    <section
      aria-labelledby="backups-heading"
      className={`rounded-xl border p-5 ${failed ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
    >
      <h2 id="backups-heading" className="flex items-center gap-2 text-xl font-bold">
        {failed ? (
          <TriangleAlert aria-hidden="true" className="size-5 text-amber-700" />
        ) : (
          <DatabaseBackup aria-hidden="true" className="size-5" />
        )}
        Backups
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="last-backup">
        <dt className="font-semibold text-slate-700">Last backup</dt>
        <dd className="text-slate-900">
          {backup ? (
            <>
              <time dateTime={backup.finishedAt ?? backup.startedAt}>{formatDateTime(backup.finishedAt ?? backup.startedAt)}</time>
              {" · "}
              {backup.status === "succeeded"
                ? `Succeeded, ${formatBytes(backup.bytes)}`
                : backup.status === "failed"
                  ? "Failed"
                  : "Running"}
            </>
          ) : (
            "None yet"
          )}
        </dd>
        {failed && backup?.error ? (
          <>
            <dt className="font-semibold text-slate-700">Error</dt>
            <dd className="break-words text-slate-900">{backup.error}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-slate-700">Schedule</dt>
        <dd className="text-slate-900">
          Daily at {backupSchedule.dailyAt} ({backupSchedule.timezone}), the newest {backupSchedule.keep} kept
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary min-h-11" onClick={() => void backUpNow()} disabled={busy}>
          <DatabaseBackup aria-hidden="true" className="size-4" />
          {busy ? "Queuing..." : "Back up now"}
        </button>
        {owner && backup ? (
          // A plain link: the browser streams the archive to disk, however large.
          <a href="/api/admin/backups/latest" download className="btn btn-secondary min-h-11">
            <Download aria-hidden="true" className="size-4" />
            Download the last backup
          </a>
        ) : null}
      </div>
      {!owner ? (
        <p className="mt-2 text-sm text-slate-700">Only the owner can download a backup: it holds every submission and key.</p>
      ) : null}
    </section>
  );
}

const WIDTH = 168;
const HEIGHT = 40;

/** A week of one figure as a line (time across, the figure's own range up), with its summary in words. */
function Sparkline({ points, sign, label, unit }: { points: HistoryPoint[]; sign: VitalSign; label: string; unit: string }) {
  const summary = summarise(points, sign);
  if (!summary) return <p className="mt-2 text-xs text-slate-600">No history yet.</p>;
  const end = points.length ? Date.parse(points.at(-1)!.at) : 0;
  const start = end - HISTORY_MS;
  const span = summary.max - summary.min || 1;
  const coordinates = points
    .filter((p) => typeof p.values[sign] === "number")
    .map((p) => {
      const x = ((Date.parse(p.at) - start) / HISTORY_MS) * WIDTH;
      const y = HEIGHT - 2 - ((p.values[sign]! - summary.min) / span) * (HEIGHT - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    });
  const words = `${label} over the last ${HISTORY_DAYS} days: lowest ${show(summary.min, unit)}, highest ${show(summary.max, unit)}, latest ${show(summary.latest, unit)}`;
  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={words} className="h-10 w-full" preserveAspectRatio="none">
        {coordinates.length === 1 ? (
          <circle cx={coordinates[0]!.split(",")[0]} cy={coordinates[0]!.split(",")[1]} r="2" className="fill-brand-700" />
        ) : null}
        <polyline
          points={coordinates.join(" ")}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
          className="text-brand-700"
        />
      </svg>
      <figcaption className="mt-1 text-xs text-slate-700">
        {HISTORY_DAYS} days: {show(summary.min, unit)} – {show(summary.max, unit)}
      </figcaption>
    </figure>
  );
}
