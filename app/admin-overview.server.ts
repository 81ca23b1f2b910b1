import { hasRole, type StaffRole } from "~/auth/roles";
import { addDays } from "~/analytics/report";
import { staffAnalyticsReport } from "~/analytics/report.server";
import { audienceCounts } from "~/audience/admin.server";
import { recentActivity } from "~/core/database/audit.server";
import { jobsOverview } from "~/core/jobs/job-admin.server";
import { contactSubmissionsPage } from "~/forms/contact-submission.server";
import { outboxHealth } from "~/mail/outbox.server";
import { listDeletionRequests } from "~/privacy/deletion-requests.server";
import type { OverviewData } from "~/admin-overview";
import { utcDay } from "~/core/text/utc-days";
import { newIssuesOfLastDay } from "~/errors/issues.server";

/**
 * The admin's home, the day at a glance: each figure read from its feature's own service, the one its section
 * shows, in one request (decision 0050). A member gets the figures of the sections their role opens; null for
 * the rest (and the server refuses those sections' calls anyway).
 */
export async function overviewOf(staff: { id: number; role: StaffRole }, now = new Date()): Promise<OverviewData> {
  const today = utcDay(now);
  const admin = hasRole(staff.role, "administrator");
  const [visitors, subscribers, inbox, deletions, jobs, mail, activity, errors] = await Promise.all([
    hasRole(staff.role, "author") ? visitorFigures(staff, today) : null,
    hasRole(staff.role, "editor") ? subscriberFigures(today) : null,
    admin ? contactSubmissionsPage({ page: 1, q: "", status: "unresolved", sort: "oldest" }).then((p) => p.counts.unresolved) : null,
    admin ? pendingDeletions() : null,
    admin ? jobsOverview(0) : null,
    admin ? outboxHealth() : null,
    admin ? recentActivity(8) : null,
    admin ? newIssuesOfLastDay(now) : null,
  ]);
  return {
    today,
    visitors,
    subscribers,
    unresolvedSubmissions: inbox,
    deletions,
    jobs: jobs
      ? {
          dead: jobs.counts.filter((c) => c.state === "dead").reduce((n, c) => n + c.count, 0),
          waiting: jobs.counts.filter((c) => c.state === "queued" || c.state === "running").reduce((n, c) => n + c.count, 0),
        }
      : null,
    undeliveredMail: mail?.undelivered ?? null,
    newErrors: errors?.count ?? null,
    activity: activity?.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) ?? null,
  };
}

/** Today against yesterday and the last 7 days against the 7 before, as the Analytics section counts them. */
async function visitorFigures(staff: { id: number; role: StaffRole }, today: string): Promise<OverviewData["visitors"]> {
  const [week, before, day, yesterday] = await Promise.all([
    staffAnalyticsReport(staff, { from: addDays(today, -6), to: today }),
    staffAnalyticsReport(staff, { from: addDays(today, -13), to: addDays(today, -7) }),
    staffAnalyticsReport(staff, { from: today, to: today }),
    staffAnalyticsReport(staff, { from: addDays(today, -1), to: addDays(today, -1) }),
  ]);
  return {
    today: { visitors: day.visitors, pageviews: day.pageviews },
    yesterday: { visitors: yesterday.visitors, pageviews: yesterday.pageviews },
    week: { visitors: week.visitors, pageviews: week.pageviews },
    weekBefore: { visitors: before.visitors, pageviews: before.pageviews },
    topSource: week.sources[0] ? { name: week.sources[0].name, visitors: week.sources[0].visitors } : null,
    topPage: week.pages[0] ? { path: week.pages[0].path, pageviews: week.pages[0].pageviews } : null,
    aiCrawls: week.pages.reduce((n, p) => n + p.aiCrawls, 0),
    aiReferrals: week.pages.reduce((n, p) => n + p.aiReferrals, 0),
    ownPostsOnly: week.ownPostsOnly,
  };
}

/** Confirmed in the last 7 days (both lists, from the lists' own growth figures) and the waitlist's spots left. */
async function subscriberFigures(today: string): Promise<OverviewData["subscribers"]> {
  const counts = await audienceCounts();
  const since = addDays(today, -6);
  const confirmed = counts.growth.filter((g) => g.day >= since).reduce((n, g) => n + g.waitlist + g.blog, 0);
  return { confirmedThisWeek: confirmed, spotsLeft: counts.spots.left, spotsTotal: counts.spots.total };
}

/** Confirmed requests still to be carried out, and the soonest deadline among them. */
async function pendingDeletions(): Promise<OverviewData["deletions"]> {
  const open = (await listDeletionRequests()).filter((r) => r.state === "verified");
  const due = open
    .map((r) => r.dueAt)
    .filter((d): d is string => d !== null)
    .sort();
  return { pending: open.length, nextDue: due[0] ?? null };
}
