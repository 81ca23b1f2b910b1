import { CircleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SiteLink } from "./site-link";

/**
 * The page a link from an e-mail opens (confirm a subscription, confirm a deletion request): opening it only
 * looks, so mail scanners confirm nothing; the visitor presses the button (`children`, in a card). Then it
 * says the change is made, or why the link does not work (expired, used, unknown) with where to start over.
 */
export type LinkConfirmPageProps = {
  eyebrow: string;
  title: string;
  /** Set once the change is made. */
  confirmed?: { icon: LucideIcon; heading: string; body: ReactNode } | null;
  /** Why the link does not work, when it does not. */
  problem?: { message: string; retry: { to: string; label: string } } | null;
  /** The explanation and the button, while the link waits to be used. */
  children: ReactNode;
};

export function LinkConfirmPage({ eyebrow, title, confirmed, problem, children }: LinkConfirmPageProps) {
  return (
    <section className="container-page max-w-2xl py-14 sm:py-20">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight">{title}</h1>
      {confirmed ? (
        <div role="status" className="mt-8 rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-950">
          <confirmed.icon aria-hidden="true" className="h-8 w-8 text-emerald-700" />
          <h2 className="mt-3 text-xl font-bold">{confirmed.heading}</h2>
          {confirmed.body}
          <SiteLink to="/" className="btn btn-primary mt-5">
            Return to Home
          </SiteLink>
        </div>
      ) : problem ? (
        <div role="alert" className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <CircleAlert aria-hidden="true" className="h-8 w-8 text-amber-700" />
          <p className="mt-3 leading-7">{problem.message}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <SiteLink to={problem.retry.to} className="btn btn-primary">
              {problem.retry.label}
            </SiteLink>
            <SiteLink to="/" className="btn btn-secondary">
              Return to Home
            </SiteLink>
          </div>
        </div>
      ) : (
        <div className="card mt-8">{children}</div>
      )}
    </section>
  );
}
