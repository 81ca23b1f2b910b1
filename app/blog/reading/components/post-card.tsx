import type { BlogCard } from "~/blog/reading/listing";
import { readingTimeLabel } from "~/blog/post/reading-time";
import { BlogPicture } from "./blog-picture";
import { TagLinks } from "./tag-links";

/**
 * One post in the grid. The whole card opens the post: a plain link (its ::after covers the card), so a
 * click navigates whatever a live search is doing. The author and tags are links of their own above it.
 */
export function PostCard({ card, headingLevel = 2 }: { card: BlogCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md motion-reduce:transition-none">
      <BlogPicture
        plan={card.image}
        alt={card.imageAlt}
        sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
        className="aspect-[40/21] w-full"
        width={800}
        height={420}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <span className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800">
          {card.categoryLabel}
        </span>
        <Heading className="line-clamp-2 text-xl font-bold leading-snug text-slate-900">
          <a href={`/blog/${card.slug}`} className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand-700">
            {card.title}
          </a>
        </Heading>
        <p className="line-clamp-3 text-slate-600">{card.excerpt}</p>
        {card.tags.length ? <TagLinks tags={card.tags.slice(0, 3)} size="sm" className="relative z-10" /> : null}
        <p className="mt-auto flex flex-wrap justify-between gap-2 pt-2 text-sm text-slate-600">
          <span>
            By{" "}
            <a href={`/blog/author/${card.authorSlug}`} className="relative z-10 underline-offset-4 hover:text-brand-700 hover:underline">
              {card.author}
            </a>
          </span>
          <span>
            <time dateTime={card.createdAt}>{card.date}</time> · {readingTimeLabel(card.readingMinutes)}
          </span>
        </p>
      </div>
    </article>
  );
}
