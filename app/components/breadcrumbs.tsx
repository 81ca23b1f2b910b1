import { ChevronRight } from "lucide-react";
import { SiteLink } from "~/components/site-link";

export type Crumb = { name: string; path: string };

/**
 * The visible trail Home > ... > this page. A page that shows it passes the same crumbs (after Home)
 * to `seo({ breadcrumbs })`, so the BreadcrumbList markup always matches what a visitor sees.
 */
export function Breadcrumbs({
  trail,
  tone = "light",
  className = "",
}: {
  trail: readonly Crumb[];
  tone?: "light" | "dark";
  className?: string;
}) {
  const crumbs = [{ name: "Home", path: "/" }, ...trail];
  const text = tone === "dark" ? "text-slate-100" : "text-slate-600";
  const link =
    tone === "dark"
      ? "text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
      : "text-brand-700 underline underline-offset-4";
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className={`flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-sm ${text}`}>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          // The separator ends the item before it, so a wrapped line never starts with one.
          return (
            <li key={crumb.path} className={`flex min-w-0 items-center gap-1.5 ${last ? "max-w-full" : ""}`}>
              {last ? (
                <span aria-current="page" className="truncate">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <SiteLink to={crumb.path} className={link}>
                    {crumb.name}
                  </SiteLink>
                  <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 opacity-70" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
