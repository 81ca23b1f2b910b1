import type { ReactNode } from "react";
import { BackToHome } from "~/components/marketing";

export type LegalSection = { id: string; title: string; body: ReactNode };

/** Privacy and terms share one layout: title band, table of contents, one h2 per section. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <section className="surface-dark">
        <div className="container-page py-14 sm:py-16">
          <p className="eyebrow">Legal</p>
          <h1 className="display mt-4">{title}</h1>
          <p className="mt-4 text-indigo-100">Last updated {updated}</p>
        </div>
      </section>
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[16rem_1fr] lg:py-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-bold uppercase tracking-wider text-slate-600">On this page</p>
          {/* Numbers drawn in a gutter of their own: outside list markers of two digits hung into the page margin at 375 px. */}
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id} className="flex gap-2">
                <span data-toc-number className="w-6 shrink-0 text-right text-slate-600 tabular-nums">
                  {index + 1}.
                </span>
                <a href={`#${section.id}`} className="min-w-0 text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="prose-legal max-w-3xl">
          <div className="text-lg leading-8 text-slate-700">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          <BackToHome className="mt-14" />
        </article>
      </div>
    </>
  );
}
