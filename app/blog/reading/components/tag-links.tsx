import { Tag } from "lucide-react";
import type { TagRef } from "~/blog/post/tags";

/** A post's tags as links to their pages (/blog/tag/{slug}). */
export function TagLinks({ tags, size = "md", className = "" }: { tags: readonly TagRef[]; size?: "sm" | "md"; className?: string }) {
  const pill = size === "sm" ? "min-h-6 px-2.5 py-0.5 text-xs" : "min-h-8 px-3 py-1 text-sm";
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <a
            href={`/blog/tag/${tag.slug}`}
            className={`inline-flex items-center gap-1 rounded-full bg-slate-100 text-slate-700 hover:bg-brand-50 hover:text-brand-800 ${pill}`}
          >
            <Tag aria-hidden className="size-3.5" />
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
