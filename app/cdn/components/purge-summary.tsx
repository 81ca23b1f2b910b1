import { CloudCog } from "lucide-react";
import { SideCard } from "~/admin/components/side-card";
import { formatDateTime } from "~/core/text/dates";
import type { CdnStatus, PurgeRow } from "../status";

const TARGET_LABEL: Record<string, string> = { cloudflare: "Cloudflare", fastly: "Fastly", varnish: "Varnish" };
const STATUS_LABEL: Record<string, string> = { queued: "Queued", sending: "Sending", purged: "Purged", failed: "Failed" };

function Purge({ row, withError = false }: { row: PurgeRow; withError?: boolean }) {
  return (
    <li className="border-t border-slate-200 pt-2 first:border-t-0 first:pt-0">
      <p className="flex flex-wrap justify-between gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{row.reason}</span>
        <span className="text-slate-700">
          {row.status === "sending" && row.lastError ? "Retrying" : (STATUS_LABEL[row.status] ?? row.status)}
          {row.attempts > 1 ? `, ${row.attempts} attempts` : ""}
        </span>
      </p>
      <p className="text-xs text-slate-700">
        <time dateTime={row.purgedAt ?? row.queuedAt}>{formatDateTime(row.purgedAt ?? row.queuedAt)}</time>
        {" · "}
        <span className="break-all">{row.tags.join(" ")}</span>
      </p>
      {withError && row.lastError ? <p className="mt-1 break-words text-xs text-amber-900">{row.lastError}</p> : null}
    </li>
  );
}

/** The System section's card of the CDN purges (issue 52): where they go, the last ones, the failing ones. */
export function PurgeSummary({ status }: { status: CdnStatus }) {
  const { targets, failures, recent, edgeMaxAge } = status;
  return (
    <SideCard id="cdn-purges" icon={<CloudCog aria-hidden="true" className="size-5" />} title="CDN purges" warn={failures.length > 0}>
      {targets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="cdn-targets">
          No purge target (CDN_PURGE is not set): CDNs keep shared pages {edgeMaxAge} s.
        </p>
      ) : (
        <>
          <ul className="mt-2 grid gap-1 text-sm" data-testid="cdn-targets">
            {targets.map((target) => (
              <li key={target.target}>
                <span className="font-semibold">{TARGET_LABEL[target.target] ?? target.target}</span>{" "}
                <span className="break-all text-slate-700">{target.where}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-slate-700">Shared pages are kept {edgeMaxAge} s at the edge, and purged when they change.</p>
        </>
      )}
      {failures.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-bold text-amber-900">Failing</h3>
          <ul className="mt-1 grid gap-2" data-testid="cdn-failures">
            {failures.map((row) => (
              <Purge key={row.id} row={row} withError />
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-3 text-sm font-bold">Last purges</h3>
      {recent.length > 0 ? (
        <ul className="mt-1 grid gap-2" data-testid="cdn-recent">
          {recent.map((row) => (
            <Purge key={row.id} row={row} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">None yet.</p>
      )}
    </SideCard>
  );
}
