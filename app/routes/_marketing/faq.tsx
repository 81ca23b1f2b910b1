import { Mail } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { Accordion } from "~/components/ui/accordion";
import { faqPageItems } from "~/site/faq-content";
import { pageSeo } from "~/site/seo";
import { faqPageJsonLd } from "~/site/structured-data";

import { staticPage } from "~/core/http/page-handle";

// Fixed content, the same for everyone, and no JavaScript needed: kept by the front cache, never hydrated.
export const handle = staticPage;

// Served as loader data so the answers are not bundled into JavaScript (see home.tsx).
export function loader() {
  return { faq: faqPageItems };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageSeo(matches, "/faq", {
    jsonLd: [faqPageJsonLd(loaderData?.faq ?? [])],
  });

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="surface-dark">
        <div className="container-page py-14 text-center sm:py-20">
          <p className="eyebrow">Help centre</p>
          <h1 className="display mt-4">Frequently Asked Questions</h1>
          <p className="lead mx-auto mt-6 max-w-2xl">
            Everything you want to know before your first Clink: how matching works, how we keep meetups safe, what is free and what happens
            to your data.
          </p>
        </div>
      </section>
      <section aria-label="Questions and answers" className="container-page max-w-3xl py-14 sm:py-20">
        <Accordion items={loaderData.faq} headingLevel={2} />
        <div className="mt-12 rounded-2xl bg-brand-50 p-6 text-center sm:p-8">
          <Mail aria-hidden="true" className="mx-auto h-8 w-8 text-brand-700" />
          <h2 className="mt-3 text-xl font-bold text-slate-900">Still have a question?</h2>
          <p className="mt-2 text-slate-700">Our support team in Sydney reads every message and usually replies within one business day.</p>
          <Link to="/contact" className="btn btn-primary mt-6">
            Contact Our Support Team
          </Link>
        </div>
      </section>
    </>
  );
}
