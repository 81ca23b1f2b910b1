import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { pagePath } from "~/blog/reading/pages";
import type { PostListPage } from "~/blog/reading/listing";
import { PostCard } from "./post-card";

/**
 * A page of post cards with links to the pages before and after it: the part a live search swaps
 * (`data-live-region`, matched by id, see app/components/ui/live-search.client.ts).
 */
export function PostList({
  id,
  list,
  basePath,
  q = "",
  emptyText = "No blog posts available yet.",
}: {
  id: string;
  list: PostListPage;
  basePath: string;
  q?: string;
  emptyText?: string;
}) {
  const search = q ? `?${new URLSearchParams({ q })}` : "";
  return (
    <div id={id} data-live-region>
      {list.total === 0 ? (
        <p className="py-16 text-center text-lg text-slate-600">{emptyText}</p>
      ) : list.matching === 0 ? (
        <div className="flex flex-col items-center gap-6 py-16 text-center">
          <p className="text-lg text-slate-600">No blog posts found matching your search.</p>
          <a href={basePath} className="btn btn-primary" data-live-clear>
            <X aria-hidden className="size-4" />
            Clear Search
          </a>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
            {list.cards.map((card) => (
              <li key={card.id} className="flex">
                <PostCard card={card} />
              </li>
            ))}
          </ul>
          {list.lastPage > 1 ? (
            <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-4">
              {list.page > 1 ? (
                <a href={pagePath(basePath, list.page - 1, search)} rel="prev" className="btn btn-secondary">
                  <ChevronLeft aria-hidden className="size-4" />
                  Newer posts
                </a>
              ) : null}
              <p className="text-sm text-slate-600">
                Page {list.page} of {list.lastPage}
              </p>
              {list.page < list.lastPage ? (
                <a href={pagePath(basePath, list.page + 1, search)} rel="next" className="btn btn-secondary">
                  Older posts
                  <ChevronRight aria-hidden className="size-4" />
                </a>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
