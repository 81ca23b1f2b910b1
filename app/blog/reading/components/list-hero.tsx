import { Rss } from "lucide-react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";

/** The band atop a tag's or an author's page: trail, kind, name, description and its own feed. */
export function ListHero({
  kind,
  name,
  description,
  trail,
  count,
  feed,
}: {
  kind: string;
  name: string;
  description: string;
  trail: Crumb[];
  count: number;
  feed: string;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-purple-900 text-white">
      <div className="container-page py-12 sm:py-16">
        <Breadcrumbs trail={trail} tone="dark" className="mb-6" />
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">{kind}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{name}</h1>
        <p className="mt-4 max-w-2xl text-lg text-indigo-100">{description}</p>
        <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-indigo-100">
          <span>
            {count} {count === 1 ? "post" : "posts"}
          </span>
          <a
            href={feed}
            className="inline-flex min-h-11 items-center gap-2 text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
          >
            <Rss aria-hidden className="size-4" />
            RSS feed
          </a>
        </p>
      </div>
    </section>
  );
}
