import { Quote, Star, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { siteConfig } from "~/site/config";

/** Building blocks shared by the public pages so they read as one site. */
// The small blocks the home page needs live in their own modules so its script stays small.
export { CheckList } from "./check-list";
export { SectionIntro } from "./section-intro";
export { Steps } from "./steps";

export type Feature = { icon: LucideIcon; title: string; body: string };

/** The dark opening band of a landing page: eyebrow, the page's one h1, lead and actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="surface-dark relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(99,102,241,0.45),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgba(251,191,36,0.14),transparent_55%)]"
      />
      <div
        className={`container-page relative py-16 sm:py-20 lg:py-24 ${aside ? "grid items-center gap-12 lg:grid-cols-[1.15fr_0.85fr]" : ""}`}
      >
        <div className={aside ? "" : "max-w-3xl"}>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="display mt-4">{title}</h1>
          <div className="lead mt-6 max-w-2xl">{lead}</div>
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {aside ? <div>{aside}</div> : null}
      </div>
    </section>
  );
}

export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: "sm:tiles-2", 3: "sm:tiles-2 lg:tiles-3", 4: "sm:tiles-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`mt-12 grid gap-5 ${cols}`}>
      {features.map(({ icon: Icon, title, body }) => (
        <li key={title} className="card flex gap-4 p-5 sm:block sm:p-6">
          <span className="icon-badge">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h3 className="text-lg font-bold text-slate-900 sm:mt-4">{title}</h3>
            <p className="mt-1 leading-7 text-slate-600 sm:mt-2">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function StatsBand({ stats, label }: { stats: readonly { value: string; label: string }[]; label: string }) {
  return (
    <section aria-label={label} className="surface-dark">
      <dl className="container-page grid grid-cols-2 gap-8 py-12 text-center lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm font-medium text-indigo-100">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-amber-accent sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export type EventType = { title: string; body: string; meta: string; popular?: boolean; icon: LucideIcon };

export function EventTypeGrid({ types }: { types: readonly EventType[] }) {
  return (
    <ul className="mt-12 grid gap-5 sm:grid-cols-2">
      {types.map(({ icon: Icon, ...type }) => (
        <li key={type.title} className="card relative flex gap-4">
          <span className="icon-badge">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
              {type.title}
              {type.popular ? (
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wider text-amber-900">
                  Popular
                </span>
              ) : null}
            </h3>
            <p className="mt-1 text-sm font-semibold text-brand-700">{type.meta}</p>
            <p className="mt-2 leading-7 text-slate-600">{type.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Testimonials({ items }: { items: readonly { quote: string; name: string; detail: string }[] }) {
  return (
    <ul className="mt-12 grid gap-5 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.name}>
          <figure className="card flex h-full flex-col">
            <Quote aria-hidden="true" className="h-7 w-7 text-brand-300" />
            <div className="mt-2 flex gap-0.5 text-amber-500" aria-hidden="true">
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} className="h-4 w-4 fill-current" />
              ))}
            </div>
            <blockquote className="mt-3 flex-1 leading-7 text-slate-700">“{item.quote}”</blockquote>
            <figcaption className="mt-5 text-sm">
              <span className="font-bold text-slate-900">{item.name}</span>
              <span className="text-slate-600"> · {item.detail}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** Closing band of a landing page. */
export function CtaBand({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <section className="container-page section">
      <div className="surface-dark relative overflow-hidden rounded-3xl px-6 py-12 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_top,rgba(99,102,241,0.5),transparent_65%)]"
        />
        <div className="relative mx-auto max-w-2xl">
          <h2 className="heading-section">{title}</h2>
          <p className="lead mt-4">{lead}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
          <p className="mt-8 text-sm text-indigo-200">
            Clink is for adults {siteConfig.minimumAge}+ (or the higher legal drinking age where you live). Please drink responsibly.
          </p>
        </div>
      </div>
    </section>
  );
}

/** The spec's "Back to Home" button (about, contact, legal pages, admin sign-in). */
export function BackToHome({ className = "", primary = false }: { className?: string; primary?: boolean }) {
  return (
    <Link to="/" className={`btn ${primary ? "btn-primary" : "btn-secondary"} ${className}`}>
      Back to Home
    </Link>
  );
}
