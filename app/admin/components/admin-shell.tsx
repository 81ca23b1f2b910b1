import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { EmailAddress } from "~/components/ui/email-address";

/**
 * The admin's shell, which knows no feature: a navigation of sections in groups (a sidebar from lg, a menu
 * button on a phone that closes after a choice), the signed-in line and the header's actions, then the section.
 * Which sections a member sees, and where they live, is chosen at the top of the house (app/admin-sections.ts).
 */
type ShellGroup = { group: string; items: Array<{ id: string; path: string; label: string }> };

type ShellProps = {
  groups: ShellGroup[];
  /** The item the address belongs to (aria-current="page"), if any. */
  currentId: string | null;
  /** "Signed in as …": the member's address and role. */
  signedInAs: string;
  actions: ReactNode;
  /** A page that takes the whole window (the post editor): no navigation beside it. */
  full?: boolean;
  children: ReactNode;
};

const itemClass =
  "flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-brand-800 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800";

export function AdminShell({ groups, currentId, signedInAs, actions, full = false, children }: ShellProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const content = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // After a navigation the section's heading takes focus (and is announced); on the first load focus stays put.
  useEffect(() => {
    setOpen(false);
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = content.current?.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: false });
  }, [pathname]);
  if (full) return <div ref={content}>{children}</div>;
  return (
    <div className="container-page grid gap-6 py-4 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-8">
      <div className="lg:sticky lg:top-20 lg:self-start">
        <button
          type="button"
          className="btn btn-secondary lg:hidden"
          aria-expanded={open}
          aria-controls="admin-navigation"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden="true" className="size-4" /> : <Menu aria-hidden="true" className="size-4" />}
          Menu
        </button>
        <nav id="admin-navigation" aria-label="Admin sections" className={`${open ? "block" : "hidden"} mt-3 lg:mt-0 lg:block`}>
          <ul className="grid gap-4 rounded-xl border border-slate-200 bg-white p-3 lg:border-0 lg:bg-transparent lg:p-0">
            {groups.map(({ group, items }) => (
              <li key={group || "home"}>
                {group ? (
                  <p id={`admin-nav-${group}`} className="px-3 pb-1 text-xs font-bold uppercase tracking-wide text-slate-600">
                    {group}
                  </p>
                ) : null}
                <ul aria-labelledby={group ? `admin-nav-${group}` : undefined} className="grid gap-0.5">
                  {items.map((item) => (
                    <li key={item.id}>
                      <Link
                        to={item.path}
                        className={itemClass}
                        aria-current={item.id === currentId ? "page" : undefined}
                        onClick={() => setOpen(false)}
                      >
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
          <p className="min-w-0 text-sm text-slate-700">
            Signed in as <EmailAddress address={signedInAs} />
          </p>
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
        <div ref={content} className="pt-6">
          {children}
        </div>
      </div>
    </div>
  );
}

/** A section's heading (the h1 the shell focuses after a navigation) and its short introduction. */
export function SectionHeading({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none sm:text-3xl">
          {title}
        </h1>
        {intro ? <p className="mt-1 text-slate-700">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}
