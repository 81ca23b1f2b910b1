import { BLOG_PAGE_SIZE } from "./pages";
import type { PostListPage } from "./listing";
import { absoluteUrl } from "~/site/addresses";
import type { JsonLd } from "~/site/structured-data";

/** The posts a list page shows, as the ItemList its CollectionPage or ProfilePage names (positions count across pages). */
export function postItemList(siteUrl: string, list: PostListPage): JsonLd {
  const offset = (list.page - 1) * BLOG_PAGE_SIZE;
  return {
    "@type": "ItemList",
    numberOfItems: list.matching,
    itemListElement: list.cards.map((card, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      url: absoluteUrl(siteUrl, `/blog/${card.slug}`),
      name: card.title,
    })),
  };
}
