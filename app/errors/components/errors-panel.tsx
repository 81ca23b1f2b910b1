import { useAdminTask } from "~/admin/admin-action";
import { useAdminSession } from "~/admin/admin-api";
import { ItemList } from "~/admin/components/item-list";
import { PanelSection } from "~/admin/components/panel-section";
import { formatDateTime } from "~/core/text/dates";
import type { ErrorIssueItem } from "../issues.server";

const names = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} (${n})`)
    .join(", ");

/**
 * The Errors section (owner, administrator): browser and server errors grouped by fingerprint, open
 * first; each with its count, first and last seen, release, pages and browsers, and one stack mapped to the
 * site's sources. Resolve one (it reopens by itself if it comes back in a newer release), or reopen it.
 */
export function ErrorsPanel({ items }: { items: ErrorIssueItem[] }) {
  const { adminFetch } = useAdminSession();
  const task = useAdminTask();

  const setResolved = (issue: ErrorIssueItem, resolved: boolean) =>
    void task.run(() => adminFetch(`/api/admin/errors/${issue.id}`, { method: "PATCH", json: { resolved } }), {
      done: resolved ? "Marked resolved" : "Reopened",
      failed: "Could not change it",
    });

  return (
    <PanelSection
      id="errors-heading"
      title="Issues"
      className="grid gap-4"
      intro="Errors in visitors' browsers and on the server, grouped: the same error counts once however often it happens. Nothing is sent to another service."
    >
      <ItemList items={items} loading={false} what="errors" label="Error issues" itemClassName="grid gap-2 py-4">
        {(issue) => (
          <article aria-label={issue.message} className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-words font-semibold">
                  <span
                    className={`mr-2 rounded px-1.5 py-0.5 text-xs font-medium ${issue.kind === "browser" ? "bg-sky-100 text-sky-900" : "bg-amber-100 text-amber-900"}`}
                  >
                    {issue.kind === "browser" ? "Browser" : "Server"}
                  </span>
                  {issue.type}: {issue.message}
                </p>
                <p className="text-sm text-slate-600">
                  {issue.count} {issue.count === 1 ? "time" : "times"} · first {formatDateTime(issue.firstSeen)} · last{" "}
                  {formatDateTime(issue.lastSeen)} · release <code>{issue.release}</code>
                  {issue.resolved ? ` · resolved in ${issue.resolvedRelease ?? "?"}` : ""}
                </p>
              </div>
              <button type="button" className="btn btn-secondary" disabled={task.busy} onClick={() => setResolved(issue, !issue.resolved)}>
                {issue.resolved ? "Reopen" : "Mark resolved"}
                <span className="sr-only"> {issue.message}</span>
              </button>
            </div>
            {Object.keys(issue.pages).length ? <p className="break-words text-sm text-slate-600">Pages: {names(issue.pages)}</p> : null}
            {Object.keys(issue.browsers).length ? <p className="text-sm text-slate-600">Browsers: {names(issue.browsers)}</p> : null}
            {issue.sampleStack ? (
              <details>
                <summary className="cursor-pointer text-sm font-medium">Stack</summary>
                <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-100 p-3 text-xs" tabIndex={0}>
                  {issue.sampleStack}
                </pre>
              </details>
            ) : null}
          </article>
        )}
      </ItemList>
    </PanelSection>
  );
}
