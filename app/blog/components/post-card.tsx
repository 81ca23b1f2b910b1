import { Link } from "react-router";
import type { BlogCard } from "~/blog/listing";
import { BlogPicture } from "./blog-picture";

/** One post in the grid. The whole card is one link (to the post's own address). */
export function PostCard({ card, search, headingLevel = 2 }: { card: BlogCard; search?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md motion-reduce:transition-none">
      <BlogPicture plan={card.image} alt={card.imageAlt} sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw" className="aspect-[40/21] w-full" width={800} height={420} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <span className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800">{card.categoryLabel}</span>
        <Heading className="line-clamp-2 text-xl font-bold leading-snug text-slate-900">
          <Link
            to={`/blog/${card.slug}`}
            state={search ? { blogSearch: search } : undefined}
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand-700"
            prefetch="intent"
          >
            {card.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-slate-600">{card.excerpt}</p>
        <p className="mt-auto flex flex-wrap justify-between gap-2 pt-2 text-sm text-slate-600">
          <span>By {card.author}</span>
          <time dateTime={card.createdAt}>{card.date}</time>
        </p>
      </div>
    </article>
  );
}
