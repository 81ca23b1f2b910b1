import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The 404 page of the spec: rendered by the catch-all route and by the root error boundary, which pass
 * the site search form (a feature's; the chrome knows no feature).
 */
export function NotFound({ search }: { search: ReactNode }) {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      {/* React hoists these into <head>; here so every 404, from any route, carries them. */}
      <title>404 Page Not Found</title>
      <meta name="description" content="The page you are looking for doesn't exist or has been moved." />
      <meta name="robots" content="noindex, nofollow" />
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Error 404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">404 Page Not Found</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">Sorry, the page you are looking for doesn&apos;t exist or has been moved.</p>
      {search}
      <nav aria-label="Helpful links" className="mt-6">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-brand-700 underline underline-offset-4">
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/about">About</Link>
          </li>
          <li>
            <Link to="/contact">Contact</Link>
          </li>
        </ul>
      </nav>
      <Link to="/" className="btn btn-primary mt-10">
        Return to Home
      </Link>
    </section>
  );
}
