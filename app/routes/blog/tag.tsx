import { data } from "react-router";
import type { Route } from "./+types/tag";
import { ListHero } from "~/blog/reading/components/list-hero";
import { BlogPageScript } from "~/blog/reading/components/page-script";
import { PostList } from "~/blog/reading/components/post-list";
import { pageNumberFrom, pagePath, pageTitle } from "~/blog/reading/pages";
import { postItemList } from "~/blog/reading/structured-data";
import { siteConfig } from "~/site/config";
import { absoluteUrl } from "~/site/addresses";
import { seo, siteUrlFrom } from "~/site/seo";
import { BLOG_TAG, tagPageTag } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

// /blog/tag/{slug} and its numbered pages: plain HTML, front-cached with the posts and the tags.
export const handle = { pageCache: { versions: ["blog", "tags"] }, hydrate: false, cacheTags: [BLOG_TAG] } satisfies PageHandle;

export async function loader({ params }: Route.LoaderArgs) {
  const { tagListPage } = await import("~/blog/reading/post-lists.server");
  const page = pageNumberFrom(params.page);
  const found = page && (await tagListPage(params.tag, page));
  if (!found) throw data(null, { status: 404 });
  return data(found, { headers: { "Cache-Control": "public, max-age=0, must-revalidate", "Surrogate-Key": tagPageTag(params.tag) } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const basePath = (slug: string) => `/blog/tag/${slug}`;
const describe = (tag: { name: string; description: string }) =>
  tag.description ||
  `Posts tagged "${tag.name}" on the ${siteConfig.name} blog: stories and tips on social drinking, bar culture and nights out.`;
const trail = (tag: { name: string; slug: string }) => [
  { name: "Blog", path: "/blog" },
  { name: tag.name, path: basePath(tag.slug) },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { tag, list } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const feed = `${basePath(tag.slug)}/rss.xml`;
  return seo(matches, {
    title: pageTitle(`${tag.name} | Blog`, list.page),
    description: describe(tag).slice(0, 160),
    path: pagePath(basePath(tag.slug), list.page),
    markdown: false,
    breadcrumbs: trail(tag),
    webPageKind: {
      type: "CollectionPage",
      fields: { about: { "@type": "Thing", name: tag.name }, mainEntity: postItemList(siteUrl, list) },
    },
    extra: [
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: `${siteConfig.name} Blog: ${tag.name}`,
        href: absoluteUrl(siteUrl, feed),
      },
    ],
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, list } = loaderData;
  return (
    <>
      <ListHero
        kind="Tag"
        name={tag.name}
        description={describe(tag)}
        trail={trail(tag)}
        count={list.matching}
        feed={`${basePath(tag.slug)}/rss.xml`}
      />
      <section className="container-page pb-16 pt-10" aria-label={`Posts tagged ${tag.name}`}>
        <PostList id="tag-results" list={list} basePath={basePath(tag.slug)} />
      </section>
      <BlogPageScript />
    </>
  );
}
