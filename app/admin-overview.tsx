import type { ReactNode } from "react";
import { Link } from "react-router";
import { section } from "~/admin-sections";
import { RecentActivity, type ActivityItem } from "~/admin/components/recent-activity";
import { addDays } from "~/analytics/report";
import { formatDateTime } from "~/core/text/dates";

type Counts = { visitors: number; pageviews: number };

/** The overview's figures (app/admin-overview.server.ts); null where the member's role does not open the section. */
export type OverviewData = {
  today: string;
  visitors: {
    today: Counts;
    yesterday: Counts;
    week: Counts;
    weekBefore: Counts;
    topSource: { name: string; visitors: number } | null;
    topPage: { path: string; pageviews: number } | null;
    aiCrawls: number;
    aiReferrals: number;
    ownPostsOnly: boolean;
  } | null;
  subscribers: { confirmedThisWeek: number; spotsLeft: number; spotsTotal: number } | null;
  unresolvedSubmissions: number | null;
  deletions: { pending: number; nextDue: string | null } | null;
  jobs: { dead: number; waiting: number } | null;
  undeliveredMail: number | null;
  /** Open error issues first seen in the last 24 hours (app/errors). */
  newErrors: number | null;
  activity: ActivityItem[] | null;
};

/** "+12% on yesterday", "no change", "new" (nothing before): how a figure moved against the one before. */
export function changeText(now: number, before: number, against: string): string {
  if (now === before) return `no change on ${against}`;
  if (before === 0) return `up from none ${against}`;
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? "+" : ""}${percent}% on ${against}`;
}

function Figure({ label, value, detail, to, testId }: { label: string; value: ReactNode; detail?: ReactNode; to: string; testId: string }) {
  return (
    <li className="card p-4">
      <Link to={to} className="group grid gap-1 rounded-lg">
        <span className="text-sm font-semibold text-slate-700 group-hover:text-brand-800 group-hover:underline">{label}</span>
        <span className="text-2xl font-bold tabular-nums break-all" data-testid={testId}>
          {value}
        </span>
        {detail ? <span className="text-sm text-slate-700">{detail}</span> : null}
      </Link>
    </li>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">{children}</ul>
    </section>
  );
}

/** The day at a glance; every figure links to the section that shows it in full. */
export function Overview({ data }: { data: OverviewData }) {
  const { visitors, subscribers, deletions, jobs } = data;
  const analytics = section("analytics").path;
  const week = `${analytics}?from=${addDays(data.today, -6)}&to=${data.today}`;
  const day = `${analytics}?from=${data.today}&to=${data.today}`;
  const inbox = data.unresolvedSubmissions !== null || deletions !== null;
  const health = jobs !== null || data.undeliveredMail !== null;
  return (
    <div className="grid gap-8">
      {visitors ? (
        <Group id="overview-visitors" title={visitors.ownPostsOnly ? "Your posts' readers" : "Visitors"}>
          <Figure
            label="Visitors today"
            value={visitors.today.visitors}
            detail={changeText(visitors.today.visitors, visitors.yesterday.visitors, "yesterday")}
            to={day}
            testId="overview-visitors-today"
          />
          <Figure
            label="Page views today"
            value={visitors.today.pageviews}
            detail={changeText(visitors.today.pageviews, visitors.yesterday.pageviews, "yesterday")}
            to={day}
            testId="overview-pageviews-today"
          />
          <Figure
            label="Visitors, 7 days"
            value={visitors.week.visitors}
            detail={changeText(visitors.week.visitors, visitors.weekBefore.visitors, "the 7 days before")}
            to={week}
            testId="overview-visitors-week"
          />
          <Figure
            label="Page views, 7 days"
            value={visitors.week.pageviews}
            detail={changeText(visitors.week.pageviews, visitors.weekBefore.pageviews, "the 7 days before")}
            to={week}
            testId="overview-pageviews-week"
          />
          <Figure
            label="Top source, 7 days"
            value={visitors.topSource?.name ?? "None yet"}
            detail={visitors.topSource ? `${visitors.topSource.visitors} visitors` : undefined}
            to={week}
            testId="overview-top-source"
          />
          <Figure
            label="Top page, 7 days"
            value={visitors.topPage?.path ?? "None yet"}
            detail={visitors.topPage ? `${visitors.topPage.pageviews} page views` : undefined}
            to={week}
            testId="overview-top-page"
          />
          <Figure label="AI crawler fetches, 7 days" value={visitors.aiCrawls} to={week} testId="overview-ai-crawls" />
          <Figure label="AI referrals, 7 days" value={visitors.aiReferrals} to={week} testId="overview-ai-referrals" />
        </Group>
      ) : null}
      {subscribers ? (
        <Group id="overview-subscribers" title="Subscribers">
          <Figure
            label="New confirmed, 7 days"
            value={subscribers.confirmedThisWeek}
            to={section("subscribers").path}
            testId="overview-confirmed"
          />
          <Figure
            label="Early-adopter spots left"
            value={subscribers.spotsLeft}
            detail={`of ${subscribers.spotsTotal}`}
            to={section("subscribers").path}
            testId="overview-spots-left"
          />
        </Group>
      ) : null}
      {inbox ? (
        <Group id="overview-inbox" title="Inbox">
          {data.unresolvedSubmissions !== null ? (
            <Figure
              label="Unresolved contact submissions"
              value={data.unresolvedSubmissions}
              to={`${section("submissions").path}?status=unresolved`}
              testId="overview-unresolved"
            />
          ) : null}
          {deletions ? (
            <Figure
              label="Pending deletion requests"
              value={deletions.pending}
              detail={
                deletions.nextDue ? (
                  <>
                    Next due <time dateTime={deletions.nextDue}>{formatDateTime(deletions.nextDue)}</time>
                  </>
                ) : (
                  "None due"
                )
              }
              to={section("deletions").path}
              testId="overview-deletions"
            />
          ) : null}
        </Group>
      ) : null}
      {health ? (
        <Group id="overview-health" title="Jobs, mail and errors">
          {jobs ? (
            <Figure
              label="Failed jobs"
              value={jobs.dead}
              detail={`${jobs.waiting} waiting`}
              to={section("system").path}
              testId="overview-failed-jobs"
            />
          ) : null}
          {data.undeliveredMail !== null ? (
            <Figure label="Undelivered mail" value={data.undeliveredMail} to={section("system").path} testId="overview-undelivered" />
          ) : null}
          {data.newErrors !== null ? (
            <Figure
              label="New errors"
              value={data.newErrors}
              detail="First seen in the last day"
              to={section("errors").path}
              testId="overview-new-errors"
            />
          ) : null}
        </Group>
      ) : null}
      {data.activity ? <RecentActivity activity={data.activity} /> : null}
    </div>
  );
}
