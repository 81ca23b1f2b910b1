import { LogOut } from "lucide-react";
import { data, Form, Outlet, useLocation, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { currentSection, navigationFor } from "~/admin-sections";
import { AdminSessionProvider } from "~/admin/admin-api";
import { ADMIN_FRAME_HANDLE, isFullPage } from "~/admin/components/admin-frame";
import { AdminShell } from "~/admin/components/admin-shell";
import { UntilScriptRuns } from "~/admin/components/until-script-runs";
import { useFlashToast } from "~/admin/use-flash-toast";
import { readFlash } from "~/auth/flash.server";
import { ROLE_LABELS } from "~/auth/roles";
import { staffSessionOrSetup } from "~/auth/session.server";
import { ToastProvider } from "~/components/ui/toast";
import type { PageHandle } from "~/core/http/page-handle";
import { currentConfigWarnings } from "~/ops/config-warnings.server";

// Every admin section: the admin's own frame, and never stored by a browser, proxy or our cache.
export const handle = { ...ADMIN_FRAME_HANDLE, private: true } satisfies PageHandle;

// Moving between sections, or a list's page or filter, does not reload who is signed in; a form's post
// (sign in, log out) and an explicit revalidation (a change made, the sign-in-again dialog) do.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export async function loader({ request }: Route.LoaderArgs) {
  // A session that still owes the second factor the owner requires is sent to set it up.
  const session = await staffSessionOrSetup(request);
  const { flash, clear } = readFlash(request);
  const headers: HeadersInit = clear ? { "Set-Cookie": clear } : {};
  // Signed out, nothing about the site is shown (its warnings name its settings): the section says what to do.
  if (!session) return data({ staff: null, flash, configWarnings: [] }, { headers });
  const { id, email, name, role } = session.staff;
  return data({ staff: { id, email, name, role }, flash, configWarnings: currentConfigWarnings() }, { headers });
}

// Toasts sit at the bottom, centred: at the top right the sign-in toast covered the page's heading (375 px) and
// the header's buttons (1280 px); at the bottom left it would cover the navigation, at the bottom right the
// editor's Save button.
const ADMIN_TOAST_VIEWPORT =
  "fixed inset-x-0 bottom-0 z-[100] mx-auto flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff, flash } = loaderData;
  const { pathname } = useLocation();
  const full = useMatches().some((m) => isFullPage(m.handle));
  return (
    <ToastProvider viewportClassName={ADMIN_TOAST_VIEWPORT}>
      <FlashToast flash={flash} />
      <AdminSessionProvider>
        {staff ? (
          <AdminShell
            groups={navigationFor(staff.role)}
            currentId={currentSection(pathname)?.id ?? null}
            signedInAs={`${staff.email} · ${ROLE_LABELS[staff.role]}`}
            full={full}
            actions={
              <Form method="post" action="/admin?index">
                <input type="hidden" name="intent" value="logout" />
                <button type="submit" className="btn btn-secondary">
                  <LogOut aria-hidden="true" className="size-4" />
                  Logout
                </button>
              </Form>
            }
          >
            <UntilScriptRuns>
              <Outlet />
            </UntilScriptRuns>
          </AdminShell>
        ) : (
          <Outlet />
        )}
      </AdminSessionProvider>
    </ToastProvider>
  );
}

function FlashToast({ flash }: { flash: "signed-in" | "signed-out" | null }) {
  useFlashToast(flash);
  return null;
}
