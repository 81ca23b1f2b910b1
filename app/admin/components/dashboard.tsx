import * as Tabs from "@radix-ui/react-tabs";
import { History, LogOut, Sparkles, UserRound, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { AdminSessionProvider, useListParams } from "~/admin/admin-api";
import { BlogManagementPanel } from "~/blog/components/admin/management-panel";
import { TagsPanel } from "~/blog/components/tags-panel";
import { ContentPanel } from "~/blog/components/admin/content-panel";
import { MediaLibrary } from "~/blog/components/admin/media-library";
import { ChangePasswordForm } from "~/auth/components/change-password-form";
import { ContactSubmissionsPanel } from "~/forms/components/contact-submissions-panel";
import { MailHealth, type MailHealthData } from "~/mail/components/mail-health";
import type { JobsOverview } from "~/core/jobs";
import { JobsPanel } from "./jobs-panel";
import { SystemPanel } from "~/ops/components/system-panel";
import { formatDateTime } from "~/core/dates";
import { AdminVenuesPanel } from "~/venues/components/admin-venues-panel";
import { hasRole, ROLE_LABELS, type StaffRole } from "~/auth/roles";
import { DeletionRequestsPanel } from "~/privacy/components/deletion-requests-panel";
import { PublicMailNotice, type PublicMailHold } from "~/forms/components/public-mail-notice";
import { RetentionSummary, type RetentionSummaryData } from "~/privacy/components/retention-summary";

export type ActivityItem = { id: number; actorId: number | null; actorName: string | null; actorEmail: string; action: string; summary: string | null; createdAt: string };


// One row that scrolls sideways when the sections do not fit (375 px): never one tab alone on a second line.
// Padded so that all eight sections fit at 1280 px without scrolling (tests/e2e/content-admin.spec.ts).
const tabClass =
  "min-h-11 shrink-0 whitespace-nowrap border-b-2 in-data-[pointer]:outline-none border-transparent px-2 text-sm font-semibold text-slate-700 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

const TAB_PARAM = { tab: "tab" };
const TAB_DEFAULT = { tab: "submissions" };
/** Each section and the least role that sees it (the server refuses the rest anyway). */
const SECTIONS: Array<{ value: string; label: string; role: StaffRole }> = [
  { value: "submissions", label: "Contact Submissions", role: "administrator" },
  { value: "deletions", label: "Deletion requests", role: "administrator" },
  { value: "blog", label: "Blog Management", role: "contributor" },
  { value: "tags", label: "Tags", role: "editor" },
  { value: "media", label: "Media", role: "editor" },
  { value: "content", label: "Content", role: "administrator" },
  { value: "venues", label: "Venues", role: "editor" },
  { value: "system", label: "System", role: "administrator" },
];

/** `authors`: whom a post can be credited to (active staff), for editors and up; empty for the others. */
export type DashboardStaff = { id: number; email: string; name: string; role: StaffRole; authors: Array<{ id: number; name: string }> };

type DashboardProps = {
  staff: DashboardStaff;
  activity: ActivityItem[];
  mail: MailHealthData | null;
  jobs: JobsOverview | null;
  retention: RetentionSummaryData | null;
  publicMail: PublicMailHold | null;
};

export function AdminDashboard({ staff, activity, mail, jobs, retention, publicMail }: DashboardProps) {
  // The open section is in the address, so a reload or a shared link opens the same one.
  const [{ tab }, setTab] = useListParams(TAB_PARAM, TAB_DEFAULT);
  const sections = SECTIONS.filter((s) => hasRole(staff.role, s.role));
  const admin = hasRole(staff.role, "administrator");
  const current = sections.some((s) => s.value === tab) ? tab : sections[0]!.value;
  // A section opened from the address may sit past the row's right edge at 375 px: bring its tab into view.
  const tabList = useRef<HTMLDivElement>(null);
  const [pointer, setPointer] = useState(false);
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (list && active) list.scrollLeft = Math.max(0, active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2);
  }, [current]);
  return (
    <section className="container-page py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 break-all text-slate-700">
            Signed in as {staff.email} · {ROLE_LABELS[staff.role]}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
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
        </div>
      </div>
      <div className="mt-6 sm:mt-8">
        <AdminSessionProvider>
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <Tabs.Root value={current} onValueChange={(value) => setTab({ tab: value })} className="min-w-0">
              <Tabs.List
                ref={tabList}
                aria-label="Admin sections"
                className="relative flex overflow-x-auto border-b border-slate-200 [scrollbar-width:thin]"
                // As on /ai-admin: Radix's focus on a clicked tab matches :focus-visible in Chromium; the ring is
                // for the keyboard only (a pointer press marks the list, a key press clears the mark).
                data-pointer={pointer ? "" : undefined}
                onPointerDown={() => setPointer(true)}
                onKeyDown={() => setPointer(false)}
              >
                {sections.map((s) => (
                  <Tabs.Trigger key={s.value} value={s.value} className={tabClass}>
                    {s.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {sections.some((s) => s.value === "submissions") ? (
                <Tabs.Content value="submissions" className="pt-6">
                  <ContactSubmissionsPanel />
                </Tabs.Content>
              ) : null}
              {sections.some((s) => s.value === "deletions") ? (
                <Tabs.Content value="deletions" className="pt-6">
                  <DeletionRequestsPanel />
                </Tabs.Content>
              ) : null}
              <Tabs.Content value="blog" className="pt-6">
                <BlogManagementPanel writer={staff} />
              </Tabs.Content>
              {sections.some((s) => s.value === "venues") ? (
                <Tabs.Content value="venues" className="pt-6">
                  <AdminVenuesPanel />
                </Tabs.Content>
              ) : null}
              {sections.some((s) => s.value === "system") ? (
                <Tabs.Content value="system" className="pt-6">
                  <SystemPanel owner={staff.role === "owner"} />
                </Tabs.Content>
              ) : null}
              {sections.some((s) => s.value === "tags") ? (
                <Tabs.Content value="tags" className="pt-6">
                  <TagsPanel />
                </Tabs.Content>
              ) : null}
              {sections.some((s) => s.value === "media") ? (
                <Tabs.Content value="media" className="pt-6">
                  <MediaLibrary />
                </Tabs.Content>
              ) : null}
              {sections.some((s) => s.value === "content") ? (
                <Tabs.Content value="content" className="pt-6">
                  <ContentPanel />
                </Tabs.Content>
              ) : null}
            </Tabs.Root>
            <aside className="grid content-start gap-6">
              {publicMail ? <PublicMailNotice hold={publicMail} /> : null}
              {mail ? <MailHealth health={mail} /> : null}
              {jobs ? <JobsPanel overview={jobs} /> : null}
              {admin ? <RetentionSummary run={retention} /> : null}
              {admin ? <section aria-labelledby="recent-activity" className="rounded-xl border border-slate-200 bg-white p-5">
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
              </section> : null}
              <ChangePasswordForm />
            </aside>
          </div>
        </AdminSessionProvider>
      </div>
    </section>
  );
}
