import { History } from "lucide-react";
import { formatDateTime } from "~/core/text/dates";
import { SideCard } from "./side-card";

/** One line of the audit log (app/core/database/audit.server.ts) as the dashboard shows it. */
export type ActivityItem = {
  id: number;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string;
  action: string;
  summary: string | null;
  createdAt: string;
};

/** The site's latest audited actions, newest first: what was done, by whom, when. */
export function RecentActivity({ activity }: { activity: ActivityItem[] }) {
  return (
    <SideCard id="recent-activity" icon={<History aria-hidden="true" className="size-5" />} title="Recent activity">
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
    </SideCard>
  );
}
