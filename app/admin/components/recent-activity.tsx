import { History } from "lucide-react";
import { formatDateTime } from "~/core/dates";

/** One line of the audit log (app/core/audit.server.ts) as the dashboard shows it. */
export type ActivityItem = { id: number; actorId: number | null; actorName: string | null; actorEmail: string; action: string; summary: string | null; createdAt: string };

/** The site's latest audited actions, newest first: what was done, by whom, when. */
export function RecentActivity({ activity }: { activity: ActivityItem[] }) {
  return (
    <section aria-labelledby="recent-activity" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="recent-activity" className="flex items-center gap-2 text-lg font-bold">
        <History aria-hidden="true" className="size-5" />
        Recent activity
      </h2>
      {activity.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing yet.</p>
      ) : (
        <ol className="mt-3 grid gap-3 text-sm">
          {activity.map((item) => (
            <li key={item.id} className="border-l-2 border-brand-100 pl-3">
              <p className="font-medium text-slate-900">{item.summary ?? item.action}</p>
              <p className="text-slate-700">
                {item.actorName || item.actorEmail} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
