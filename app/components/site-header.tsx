import { Menu, Search, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { SiteLink, SiteNavLink } from "~/components/site-link";
import { Logo } from "~/components/logo";
import { mainNav } from "~/site/config";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

/**
 * The site's header. The mobile menu is a native popover: the browser opens it from its button,
 * closes it on a click outside or Escape, and reports it expanded, all without JavaScript (most
 * pages are never hydrated). The button's name and icon follow its state through CSS alone
 * (`.menu-open-only` / `.menu-closed-only` in app.css). A full page load closes it on navigation;
 * on hydrated pages a client navigation closes it here, and so does a tap on any of its links, since
 * a client navigation to the page already shown leaves the path as it was.
 */
export function SiteHeader() {
  const location = useLocation();
  const menuId = useId();
  const menuRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const menu = menuRef.current;
    if (menu?.matches(":popover-open")) menu.hidePopover();
  }, [location.pathname]);

  return (
    <header data-site-header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <SiteLink to="/" className="flex items-center gap-2 rounded-md" aria-label="Clink home">
          <Logo />
        </SiteLink>
        <nav aria-label="Main" className="hidden md:ml-auto md:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <SiteNavLink to={item.to} end={item.to === "/"} className={linkClass} prefetch="intent">
                  {item.label}
                </SiteNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <SiteLink
            to="/search"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
          >
            <Search aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">Search</span>
          </SiteLink>
          <button
            type="button"
            popoverTarget={menuId}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 md:hidden"
          >
            <span className="menu-closed-only">
              <Menu aria-hidden="true" className="h-6 w-6" />
              <span className="sr-only">Open menu</span>
            </span>
            <span className="menu-open-only">
              <X aria-hidden="true" className="h-6 w-6" />
              <span className="sr-only">Close menu</span>
            </span>
          </button>
        </div>
        <nav
          ref={menuRef}
          id={menuId}
          popover="auto"
          aria-label="Main (mobile)"
          className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-b border-slate-200 bg-white p-0 text-slate-900 shadow-lg md:hidden"
        >
          <ul className="container-page flex flex-col gap-1 py-3">
            {mainNav.map((item) => (
              <li key={item.to}>
                <SiteNavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={(s) => `block ${linkClass(s)} py-3 text-base`}
                  onClick={() => menuRef.current?.hidePopover()}
                >
                  {item.label}
                </SiteNavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
