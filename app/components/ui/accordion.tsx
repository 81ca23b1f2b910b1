import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { FaqItem } from "~/site/faq-content";

/**
 * Single-open, collapsible disclosure list (WAI-ARIA accordion pattern).
 * Hand-rolled rather than Radix: Radix unmounts closed panels, and every answer must be in the
 * server HTML for search engines and the FAQPage JSON-LD. It also keeps the home page's JS small.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 2 | 3 }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // Marks the list interactive once hydrated (tests wait for it; before that clicks do nothing).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // Arrow keys, Home and End move between questions; Enter and Space toggle (native buttons).
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[
      event.key as "ArrowDown"
    ];
    if (target === undefined) return;
    event.preventDefault();
    triggers.current[target]?.focus();
  }

  return (
    <div data-ready={ready || undefined} className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item, index) => {
        const open = openId === item.id;
        const triggerId = `${baseId}-q-${item.id}`;
        const panelId = `${baseId}-a-${item.id}`;
        return (
          <div key={item.id} data-state={open ? "open" : "closed"}>
            <Heading className="text-base font-semibold sm:text-lg">
              <button
                ref={(node) => {
                  triggers.current[index] = node;
                }}
                id={triggerId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-slate-900 hover:bg-slate-50 sm:px-6 sm:py-5"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 ${open ? "rotate-180" : ""}`}
                />
              </button>
            </Heading>
            <div id={panelId} hidden={!open} className="px-5 pb-5 sm:px-6">
              <p className="leading-7 text-slate-600">{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
