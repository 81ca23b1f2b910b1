import type { ReactNode } from "react";

/** A card of the dashboard's side column: a heading with its icon, amber when it asks for attention. */
export function SideCard({
  id,
  icon,
  title,
  warn = false,
  role,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  warn?: boolean;
  role?: "status";
  children: ReactNode;
}) {
  return (
    <section
      role={role}
      aria-labelledby={id}
      className={`rounded-xl border p-5 ${warn ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
