import { LogOut, Sparkles, UserRound, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AdminDashboard } from "~/admin/components/dashboard";
import { AudiencePanel } from "~/analytics/components/audience-panel";
import type { AudienceReport } from "~/analytics/report";
import { BroadcastsPanel } from "~/audience/components/broadcasts-panel";
import { SubscribersPanel } from "~/audience/components/subscribers-panel";
import { JobsPanel } from "~/admin/components/jobs-panel";
import { RecentActivity, type ActivityItem } from "~/admin/components/recent-activity";
import { ChangePasswordForm } from "~/auth/components/change-password-form";
import { hasRole, ROLE_LABELS, type StaffRole } from "~/auth/roles";
import { ContentPanel } from "~/blog/components/admin/content-panel";
import { BlogManagementPanel } from "~/blog/components/admin/management-panel";
import { MediaLibrary } from "~/blog/components/admin/media-library";
import { TagsPanel } from "~/blog/components/tags-panel";
import type { JobsOverview } from "~/core/jobs";
import { ContactSubmissionsPanel } from "~/forms/components/contact-submissions-panel";
import { PublicMailNotice, type PublicMailHold } from "~/forms/components/public-mail-notice";
import { MailHealth, type MailHealthData } from "~/mail/components/mail-health";
import { IntegrationsPanel } from "~/integrations/components/integrations-panel";
import { RedirectsPanel } from "~/redirects/components/redirects-panel";
import { WebhooksPanel } from "~/webhooks/components/webhooks-panel";
import { SystemPanel } from "~/ops/components/system-panel";
import { DeletionRequestsPanel } from "~/privacy/components/deletion-requests-panel";
import { RetentionSummary, type RetentionSummaryData } from "~/privacy/components/retention-summary";
import { AdminVenuesPanel } from "~/venues/components/admin-venues-panel";

/**
 * The admin dashboard, composed of the features' panels: like app/routes.ts for pages, this is the one
 * place that names them, so app/admin (the kit every panel uses) imports no feature. A new tab is one line
 * in ADMIN_TABS; its panel lives in its feature's folder.
 */

/** `authors`: whom a post can be credited to (active staff), for editors and up; empty for the others. */
export type DashboardStaff = { id: number; email: string; name: string; role: StaffRole; authors: Array<{ id: number; name: string }> };

/** What the loader computed for the tab shown first (the others load their own data in the browser). */
export type FirstTabData = { audience: AudienceReport | null };

/** Each section, in the order of the tab row, with the least role that sees it (the server refuses the rest anyway). */
const ADMIN_TABS: Array<{ value: string; label: string; role: StaffRole; panel: (staff: DashboardStaff, first: FirstTabData) => ReactNode }> = [
  { value: "submissions", label: "Contact Submissions", role: "administrator", panel: () => <ContactSubmissionsPanel /> },
  { value: "audience", label: "Audience", role: "author", panel: (_, first) => <AudiencePanel initial={first.audience} /> },
  // The mailing lists (issue 33): editors see the counts, administrators and the owner the people too.
  { value: "subscribers", label: "Subscribers", role: "editor", panel: (staff) => <SubscribersPanel full={hasRole(staff.role, "administrator")} /> },
  // Broadcasts (issue 43): editors write and test, administrators and the owner send (the panel asks the API).
  { value: "broadcasts", label: "Broadcasts", role: "editor", panel: () => <BroadcastsPanel /> },
  { value: "deletions", label: "Deletion requests", role: "administrator", panel: () => <DeletionRequestsPanel /> },
  { value: "blog", label: "Blog Management", role: "contributor", panel: (staff) => <BlogManagementPanel writer={staff} /> },
  { value: "tags", label: "Tags", role: "editor", panel: () => <TagsPanel /> },
  { value: "media", label: "Media", role: "editor", panel: () => <MediaLibrary /> },
  { value: "content", label: "Content", role: "administrator", panel: () => <ContentPanel /> },
  { value: "venues", label: "Venues", role: "editor", panel: () => <AdminVenuesPanel /> },
  { value: "redirects", label: "Redirects", role: "editor", panel: () => <RedirectsPanel /> },
  { value: "integrations", label: "Integrations", role: "administrator", panel: () => <IntegrationsPanel /> },
  { value: "webhooks", label: "Webhooks", role: "administrator", panel: () => <WebhooksPanel /> },
  { value: "system", label: "System", role: "administrator", panel: (staff) => <SystemPanel owner={staff.role === "owner"} /> },
];

/** What the dashboard's loader gives the side column: the site's state, for administrators only (null otherwise). */
type SideData = {
  activity: ActivityItem[];
  mail: MailHealthData | null;
  jobs: JobsOverview | null;
  retention: RetentionSummaryData | null;
  publicMail: PublicMailHold | null;
};

/**
 * The section an address opens for a member: `?tab=` when they may see it, else the home tab when they may,
 * else their first (as AdminDashboard chooses), so the loader computes only that section's figures.
 */
export function shownTab(role: StaffRole, tab: string | null): string {
  const visible = ADMIN_TABS.filter((t) => hasRole(role, t.role)).map((t) => t.value);
  const wanted = tab ?? ADMIN_TABS[0]!.value;
  return visible.includes(wanted) ? wanted : visible[0]!;
}

export function StaffDashboard({ staff, first, activity, mail, jobs, retention, publicMail }: { staff: DashboardStaff; first: FirstTabData } & SideData) {
  const admin = hasRole(staff.role, "administrator");
  const tabs = ADMIN_TABS.filter((tab) => hasRole(staff.role, tab.role)).map((tab) => ({ value: tab.value, label: tab.label, panel: tab.panel(staff, first) }));
  const actions = (
    <>
      {admin ? (
        <Link to="/ai-admin" className="btn btn-secondary">
          <Sparkles aria-hidden="true" className="size-4" />
          AI Discoverability
        </Link>
      ) : null}
      {hasRole(staff.role, "editor") ? (
        <Link to="/admin/staff" className="btn btn-secondary">
          <Users aria-hidden="true" className="size-4" />
          Staff
        </Link>
      ) : null}
      <Link to="/admin/profile" className="btn btn-secondary">
        <UserRound aria-hidden="true" className="size-4" />
        Profile
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="btn btn-secondary">
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </Form>
    </>
  );
  const aside = (
    <>
      {publicMail ? <PublicMailNotice hold={publicMail} /> : null}
      {mail ? <MailHealth health={mail} /> : null}
      {jobs ? <JobsPanel overview={jobs} /> : null}
      {admin ? <RetentionSummary run={retention} /> : null}
      {admin ? <RecentActivity activity={activity} /> : null}
      <ChangePasswordForm />
    </>
  );
  return <AdminDashboard signedInAs={`${staff.email} · ${ROLE_LABELS[staff.role]}`} actions={actions} tabs={tabs} homeTab={ADMIN_TABS[0]!.value} aside={aside} />;
}
