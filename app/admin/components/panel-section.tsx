import type { ReactNode } from "react";

const LOOKS = {
  /** A panel's own section: a large heading, no frame (the panel is the frame). */
  panel: { section: "grid gap-6", heading: "text-xl font-bold" },
  /** One card among others on a page (the account's security settings). */
  card: { section: "grid gap-4 rounded-xl border border-slate-200 bg-white p-5", heading: "text-lg font-bold" },
};

/**
 * A section of an admin panel: its heading (the section's name for screen readers), a line saying what it is
 * for, then its content. One component so that every panel opens the same way.
 */
export function PanelSection({
  id,
  title,
  intro,
  look = "panel",
  className,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  look?: keyof typeof LOOKS;
  /** Replaces the look's spacing (e.g. a tighter grid). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className ?? LOOKS[look].section}>
      <div>
        <h2 id={id} className={LOOKS[look].heading}>
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
