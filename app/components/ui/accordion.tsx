import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FaqItem } from "~/site/faq-content";

/**
 * Single-open, collapsible list of questions: native `<details>` sharing one `name`, so the
 * browser keeps at most one open, toggles it from mouse and keyboard, and needs no JavaScript
 * (the pages that show it are never hydrated). Every answer is in the server HTML for search
 * engines and the FAQPage JSON-LD; browsers also open a closed answer for find-in-page.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 }) {
  const group = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.id} name={group} className="group">
          <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-slate-900 hover:bg-slate-50 sm:px-6 sm:py-5 [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-semibold sm:text-lg">{item.question}</Heading>
            <ChevronDown
              aria-hidden="true"
              className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 sm:px-6">
            <p className="leading-7 text-slate-600">{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
