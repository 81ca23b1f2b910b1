import type { ReactNode } from "react";

/**
 * A section of an admin panel: its heading (the section's name for screen readers), a line saying what it is
 * for, then its content. One component so that every panel opens the same way. The "panel" look has a large
 * heading and no frame (the panel is the frame); a "card" is one among others on a page (account security).
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
  look?: "panel" | "card";
  /** Replaces the look's spacing (e.g. a tighter grid). */
  className?: string;
  children: ReactNode;
}) {
  const card = look === "card";
  return (
    <section
      aria-labelledby={id}
      className={className ?? (card ? "grid gap-4 rounded-xl border border-slate-200 bg-white p-5" : "grid gap-6")}
    >
      <div>
        <h2 id={id} className={card ? "text-lg font-bold" : "text-xl font-bold"}>
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
