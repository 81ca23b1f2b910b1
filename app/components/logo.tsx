import { siteConfig } from "~/site/config";

/** Two clinking glasses and the word mark. Decorative: the link around it carries the name. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8" focusable="false">
        <rect width="32" height="32" rx="9" fill="#4f46e5" />
        <path d="M9 8h6l-1 9a2 2 0 0 1-4 0L9 8Z" fill="#fde68a" />
        <path d="M17 8h6l-1 9a2 2 0 0 1-4 0l-1-9Z" fill="#fbbf24" />
        <path d="M12 19v5m-2 0h4m6-5v5m-2 0h4" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className={`text-xl font-extrabold tracking-tight ${tone === "light" ? "text-white" : "text-slate-900"}`}>
        {siteConfig.name}
      </span>
    </span>
  );
}
