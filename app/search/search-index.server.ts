import { isIndexable } from "~/blog/post/indexable";
import { publishedWithVersion, type BlogPost } from "~/blog/post/posts.server";
import { INDEXABLE_PAGES } from "~/site/pages";
import { hasPhrases, matchesWithPhrases, newMiniSearch, PostIndex, toQuery } from "./post-index";
import { terms, type ParsedQuery } from "./text";

/**
 * The site search's index, in this process (decision record 0022), over the published, indexable
 * posts (./post-index.ts) and the public pages.
 *
 * Kept current by the blog's version (posts.server.ts: a cheap query, so a post published on
 * another instance sharing PostgreSQL changes it here too): each search asks for the index of the
 * current version; when the version moved, the index is brought to the blog's posts of that version
 * (a publish re-indexes one post, not ten thousand).
 */

const index = new PostIndex<BlogPost>();
let indexedVersion: string | undefined;
let pending: Promise<void> | undefined;

/** The index, brought to the blog's current version first if it moved. */
async function currentIndex(): Promise<PostIndex<BlogPost>> {
  for (;;) {
    const { version, published } = await publishedWithVersion();
    if (indexedVersion === version) return index;
    // One update at a time; a search arriving meanwhile waits for it, then checks the version again.
    if (pending) {
      await pending;
      continue;
    }
    pending = index
      .update(published.filter((post) => isIndexable(post)))
      .then(() => void (indexedVersion = version))
      .finally(() => (pending = undefined));
    await pending;
    return index;
  }
}

/** Every matching post, best first. */
export async function searchPosts(parsed: ParsedQuery): Promise<BlogPost[]> {
  if (!parsed.groups.length) return [];
  return (await currentIndex()).search(parsed);
}

type PageDoc = { id: number; title: string; description: string };
let pageIndex: ReturnType<typeof newMiniSearch<PageDoc>> | undefined;

export type PageHit = (typeof INDEXABLE_PAGES)[number];

/** The public pages that match, best first (their words never change while the process runs). */
export function searchPages(parsed: ParsedQuery): PageHit[] {
  if (!parsed.groups.length) return [];
  if (!pageIndex) {
    pageIndex = newMiniSearch<PageDoc>(["title", "description"]);
    pageIndex.addAll(INDEXABLE_PAGES.map((page, id) => ({ id, title: page.title, description: page.description })));
  }
  return pageIndex
    .search(toQuery(parsed), { boost: { title: 2.5, description: 1 } })
    .map((result) => INDEXABLE_PAGES[result.id as number]!)
    .filter((page) => !hasPhrases(parsed) || matchesWithPhrases(parsed, [...terms(page.title), ...terms(page.description)]));
}
