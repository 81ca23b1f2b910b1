import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AdminSessionProvider, useListParams } from "~/admin/admin-api";

/**
 * The dashboard's frame, which knows no feature: a heading, the signed-in line, the header's actions, a row of
 * tabs and a side column. Which tabs a member sees, and what fills them, is chosen at the top of the house
 * (app/admin-dashboard.tsx), where each feature's panel is named once.
 */
export type DashboardTab = { value: string; label: string; panel: ReactNode };

// One row that scrolls sideways when the sections do not fit (375 px): never one tab alone on a second line.
// Padded so that all eight sections fit at 1280 px without scrolling (tests/e2e/content-admin.spec.ts).
const tabClass =
  "min-h-11 shrink-0 whitespace-nowrap border-b-2 in-data-[pointer]:outline-none border-transparent px-2 text-sm font-semibold text-slate-700 hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

const TAB_PARAM = { tab: "tab" };

type DashboardProps = {
  /** "Signed in as …": the member's address and role. */
  signedInAs: string;
  actions: ReactNode;
  /** The sections this member sees, in order; the first opens when the address names none of them. */
  tabs: DashboardTab[];
  /** The section an address without `?tab=` means (the same for every member, so a shared link opens the same one). */
  homeTab: string;
  aside: ReactNode;
};

export function AdminDashboard({ signedInAs, actions, tabs, homeTab, aside }: DashboardProps) {
  // The open section is in the address, so a reload or a shared link opens the same one.
  const [{ tab }, setTab] = useListParams(TAB_PARAM, { tab: homeTab });
  const current = tabs.some((s) => s.value === tab) ? tab : tabs[0]!.value;
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
          <p className="mt-1 break-all text-slate-700">Signed in as {signedInAs}</p>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <div className="mt-6 sm:mt-8">
        <AdminSessionProvider>
          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <Tabs.Root value={current} onValueChange={(value) => setTab({ tab: value })} className="min-w-0">
              <Tabs.List
                ref={tabList}
                aria-label="Admin sections"
                className="relative flex overflow-x-auto border-b border-slate-200 [scrollbar-width:thin] lg:flex-wrap lg:overflow-visible"
                // As on /ai-admin: Radix's focus on a clicked tab matches :focus-visible in Chromium; the ring is
                // for the keyboard only (a pointer press marks the list, a key press clears the mark).
                data-pointer={pointer ? "" : undefined}
                onPointerDown={() => setPointer(true)}
                onKeyDown={() => setPointer(false)}
              >
                {tabs.map((s) => (
                  <Tabs.Trigger key={s.value} value={s.value} className={tabClass}>
                    {s.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {tabs.map((s) => (
                <Tabs.Content key={s.value} value={s.value} className="pt-6">
                  {s.panel}
                </Tabs.Content>
              ))}
            </Tabs.Root>
            <aside className="grid content-start gap-6">{aside}</aside>
          </div>
        </AdminSessionProvider>
      </div>
    </section>
  );
}
