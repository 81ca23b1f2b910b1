import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { AdminFrame, isAdminFrame, isFullPage } from "~/admin/components/admin-frame";
import { ConfigWarningsBanner, warningsOfMatches } from "~/ops/components/config-warnings-banner";
import type { Route } from "./+types/root";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { NotFound } from "~/components/not-found";
import { SiteSearchForm } from "~/search/components/site-search-form";
import { getEnv } from "~/core/instance/env.server";
import { pageHandleOf } from "~/core/http/page-handle";
import { storeConfig } from "~/install/store-config.server";
import { useEffect } from "react";
import vitalsBeacon from "~/analytics/vitals-beacon.client.ts?worker&url";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import "./app.css";
import { ModuleScript } from "~/components/module-script";
import { ClientNavigation } from "~/components/site-link";
import { watchErrors } from "~/errors/error-beacon.client";
import { useReportedError } from "~/errors/use-reported-error";

// Hydrated pages (public and admin) report their uncaught errors from the first module on (app/errors);
// pages without React get the same listener from the vitals beacon's file.
if (typeof window !== "undefined") watchErrors();

export function loader({ context }: Route.LoaderArgs) {
  const env = getEnv();
  // The store buttons' configuration (app/install): their links are made from it for each page.
  return { siteUrl: env.SITE_URL, cspNonce: context.cspNonce, stores: storeConfig() };
}

// The root's data (configured links, the site URL, the nonce the server-rendered scripts carry)
// cannot change while the page is open, so client navigations never load it again: less work per
// navigation, and a page's failed load stays that page's error, inside the site's frame.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  // The one font file every page draws its text with (see app.css): fetched at once, not after the CSS.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.cspNonce;
  // Content pages say `hydrate: false` (app/core/http/page-handle.ts): they are plain HTML, so React
  // Router's scripts and module preloads are left out, and their bytes need no nonce.
  const matches = useMatches();
  // The admin has its own frame (no public header and footer); every other page has the site's.
  const admin = matches.some((match) => isAdminFrame(match.handle));
  const handle = pageHandleOf(matches.map((match) => match.handle));
  const hydrate = handle.hydrate !== false;
  const { pathname } = useLocation();
  const appStoreId = data?.stores.appStoreId;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e1b4b" />
        <Meta />
        {/* Apple's Smart App Banner on public pages, once the App Store id is configured: it opens this page in the app. */}
        {appStoreId && !admin ? (
          <meta name="apple-itunes-app" content={`app-id=${appStoreId}, app-argument=${data?.siteUrl}${pathname}`} />
        ) : null}
        <Links />
      </head>
      <body className="min-h-dvh bg-white text-slate-900 antialiased">
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {admin ? (
          <AdminFrame
            notice={<ConfigWarningsBanner warnings={warningsOfMatches(matches)} />}
            full={matches.some((m) => isFullPage(m.handle))}
          >
            {children}
          </AdminFrame>
        ) : (
          <ClientNavigation.Provider value={hydrate}>
            <div className="flex min-h-dvh flex-col">
              <SiteHeader />
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
              <SiteFooter />
            </div>
          </ClientNavigation.Provider>
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : admin ? null : (
          // Pages without React still report field vitals: one small file, allowed by script-src 'self'.
          // A page never kept by the front cache (/get) answers with the nonce CSP: its script carries the nonce.
          <ModuleScript src={vitalsBeacon} nonce={handle.pageCache ? undefined : nonce} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over: tests wait for it before relying on client navigation.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Field Core Web Vitals (app/discoverability): a small chunk loaded once the page is interactive.
  useEffect(() => {
    void import("~/discoverability/vitals.client").then((vitals) => vitals.reportWebVitals());
    void import("~/analytics/page-views.client").then((views) => views.watchGoals());
  }, []);
  // Visitor analytics (app/analytics): one page view per navigation, client-side ones included.
  const { pathname } = useLocation();
  useEffect(() => {
    void import("~/analytics/page-views.client").then((views) => views.sendPageView());
    // The store links and QR codes made for this visit (app/install); the admin has none.
    if (!/^\/(admin|ai-admin)(\/|$)/.test(pathname)) void import("~/install/visit.client").then((visit) => visit.personaliseInstallLinks());
  }, [pathname]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportedError(error);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFound search={<SiteSearchForm id="not-found-search" className="mt-8 text-left" />} />;
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : "Something went wrong";
  // A refused request (400, 415, ...) carries its reason as text: show it instead of "try again".
  const reason = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data.slice(0, 300) : null;
  return (
    <section className="container-page py-20 text-center">
      <title>Something went wrong</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{message}</h1>
      <p className="mt-4 text-slate-600">{reason ?? "Please try again in a moment."}</p>
      <a href="/" className="btn btn-primary mt-8">
        Return to Home
      </a>
    </section>
  );
}
