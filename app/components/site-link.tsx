import { createContext, useContext, type ComponentProps } from "react";
import { Link, NavLink, useLocation } from "react-router";

/**
 * Whether the page is hydrated, so that React Router navigates its links. Most public pages are plain
 * HTML (`hydrate: false`), where a `Link` renders the same anchor as `<a href>` but costs a router
 * lookup, a click handler and a few objects each: the header and footer's ~30 links were ~0.4 ms of
 * every uncached render (a new search), and a fifth of the garbage it left behind. Set by the root's Layout.
 */
export const ClientNavigation = createContext(true);

type AnchorProps = Omit<ComponentProps<"a">, "href" | "className"> & { to: string; className?: string };

/** A link within the site: React Router's Link on a hydrated page, a plain anchor elsewhere. */
export function SiteLink({ to, ...rest }: AnchorProps) {
  if (useContext(ClientNavigation)) return <Link to={to} {...rest} />;
  return <a href={to} {...rest} />;
}

/** NavLink's rule: the current path is `to` or below it (only `to` itself with `end`), letter case aside. */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (current === target) return true;
  if (end) return false;
  const boundary = target.endsWith("/") ? target.length - 1 : target.length;
  return current.startsWith(target) && current.charAt(boundary) === "/";
}

type NavProps = Omit<AnchorProps, "className"> & {
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  prefetch?: "intent";
};

/** A navigation link marked as the current page (aria-current) when it is: NavLink on a hydrated page. */
export function SiteNavLink({ to, end = false, className, prefetch, ...rest }: NavProps) {
  const { pathname } = useLocation();
  if (useContext(ClientNavigation)) return <NavLink to={to} end={end} className={className} prefetch={prefetch} {...rest} />;
  const isActive = isActivePath(pathname, to, end);
  return <a href={to} aria-current={isActive ? "page" : undefined} className={className({ isActive })} {...rest} />;
}
