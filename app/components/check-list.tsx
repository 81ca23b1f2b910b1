import { Check } from "lucide-react";

export function CheckList({ items, tone = "light" }: { items: readonly string[]; tone?: "light" | "dark" }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Check aria-hidden="true" className={`mt-1 h-5 w-5 shrink-0 ${tone === "dark" ? "text-amber-accent" : "text-brand-700"}`} />
          <span className={tone === "dark" ? "text-indigo-50" : "text-slate-700"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
