import * as Tabs from "@radix-ui/react-tabs";
import { History, LogOut, Sparkles } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminSessionProvider, useListParams } from "~/admin/admin-api";
import { BlogManagementPanel } from "~/blog/components/admin/management-panel";
import { ChangePasswordForm } from "~/auth/components/change-password-form";
import { ContactSubmissionsPanel } from "~/forms/components/contact-submissions-panel";
import { MailHealth, type MailHealthData } from "~/mail/components/mail-health";
import type { JobsOverview } from "~/core/jobs";
import { JobsPanel } from "./jobs-panel";
import { formatDateTime } from "~/core/dates";
import { AdminVenuesPanel } from "~/venues/components/admin-venues-panel";

export type ActivityItem = { id: number; actorEmail: string; action: string; summary: string | null; createdAt: string };


const tabClass =
  "min-h-11 border-b-2 border-transparent px-3 text-sm sm:px-4 font-semibold text-slate-700 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

const TAB_PARAM = { tab: "tab" };
const TAB_DEFAULT = { tab: "submissions" };
const SECTIONS = ["submissions", "blog", "venues"];

export function AdminDashboard({ email, activity, mail, jobs }: { email: string; activity: ActivityItem[]; mail: MailHealthData; jobs: JobsOverview }) {
  // The open section is in the address, so a reload or a shared link opens the same one.
  const [{ tab }, setTab] = useListParams(TAB_PARAM, TAB_DEFAULT);
  return (
    <section className="container-page py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 break-all text-slate-700">Signed in as {email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/ai-admin" className="btn btn-secondary">
            <Sparkles aria-hidden="true" className="size-4" />
            AI Discoverability
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
            <Tabs.Root value={SECTIONS.includes(tab) ? tab : "submissions"} onValueChange={(value) => setTab({ tab: value })} className="min-w-0">
              <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-x-2 border-b border-slate-200">
                <Tabs.Trigger value="submissions" className={tabClass}>
                  Contact Submissions
                </Tabs.Trigger>
                <Tabs.Trigger value="blog" className={tabClass}>
                  Blog Management
                </Tabs.Trigger>
                <Tabs.Trigger value="venues" className={tabClass}>
                  Venues
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="submissions" className="pt-6">
                <ContactSubmissionsPanel />
              </Tabs.Content>
              <Tabs.Content value="blog" className="pt-6">
                <BlogManagementPanel />
              </Tabs.Content>
              <Tabs.Content value="venues" className="pt-6">
                <AdminVenuesPanel />
              </Tabs.Content>
            </Tabs.Root>
            <aside className="grid content-start gap-6">
              <MailHealth health={mail} />
              <JobsPanel overview={jobs} />
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
                          {item.actorEmail} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                        </p>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              <ChangePasswordForm />
            </aside>
          </div>
        </AdminSessionProvider>
      </div>
    </section>
  );
}
