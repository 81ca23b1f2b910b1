import { ExternalLink, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "~/components/logo";

/** A route whose `handle` says this gets the admin's frame instead of the public header and footer. */
export const ADMIN_FRAME_HANDLE = { frame: "admin" } as const;

export function isAdminFrame(handle: unknown): boolean {
  return (handle as { frame?: string } | undefined)?.frame === ADMIN_FRAME_HANDLE.frame;
}

/** An admin page that takes the whole window (the post editor): no bar, no notice, no navigation beside it. */
export const FULL_PAGE_HANDLE = { fullPage: true } as const;

export function isFullPage(handle: unknown): boolean {
  return (handle as { fullPage?: boolean } | undefined)?.fullPage === true;
}

/**
 * The admin's own frame: a slim bar (the name, "Admin", a way back to the public site), no marketing chrome.
 * `notice`: what every admin page shows under the bar (the root passes the operator's configuration warnings).
 * `full`: a page of the whole window (FULL_PAGE_HANDLE), which brings its own way back.
 */
export function AdminFrame({ notice, full = false, children }: { notice?: ReactNode; full?: boolean; children: ReactNode }) {
  // The same tree either way (only the bar and the notice drop out), so going from a section to the editor and
  // back keeps the page's state: its toasts and the signed-in session.
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header hidden={full} className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="container-page flex min-h-14 items-center justify-between gap-3">
          {/* Named by its text ("Clink Admin"), so the name says what is seen (WCAG 2.5.3). */}
          <a href="/admin" className="flex items-center gap-2 rounded-lg">
            <Logo />
            <span className="rounded-md bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">Admin</span>
          </a>
          <nav aria-label="Admin" className="flex items-center whitespace-nowrap sm:gap-1">
            <a
              href="/admin/security"
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              Security
            </a>
            <a
              href="/"
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
            >
              View site
              <ExternalLink aria-hidden="true" className="size-4 max-sm:hidden" />
            </a>
          </nav>
        </div>
      </header>
      {full ? null : notice}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
