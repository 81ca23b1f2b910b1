import { data } from "react-router";
import type { Route } from "./+types/author";
import { ListHero } from "~/blog/reading/components/list-hero";
import { BlogPageScript } from "~/blog/reading/components/page-script";
import { PostList } from "~/blog/reading/components/post-list";
import { pageNumberFrom, pagePath, pageTitle } from "~/blog/reading/pages";
import { postItemList } from "~/blog/reading/structured-data";
import { siteConfig } from "~/site/config";
import { absoluteUrl } from "~/site/addresses";
import { seo, siteUrlFrom } from "~/site/seo";
import { graphIds } from "~/site/structured-data";
import { BLOG_TAG, authorTag } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

// /blog/author/{slug} and its numbered pages: plain HTML, front-cached with the posts.
export const handle = { pageCache: { versions: ["blog", "tags"] }, hydrate: false, cacheTags: [BLOG_TAG] } satisfies PageHandle;

export async function loader({ params }: Route.LoaderArgs) {
  const { authorListPage } = await import("~/blog/reading/post-lists.server");
  const page = pageNumberFrom(params.page);
  const found = page && (await authorListPage(params.author, page));
  if (!found) throw data(null, { status: 404 });
  return data(found, { headers: { "Cache-Control": "public, max-age=0, must-revalidate", "Surrogate-Key": authorTag(params.author) } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const basePath = (slug: string) => `/blog/author/${slug}`;
const describe = (author: { name: string; bio: string | null }) =>
  author.bio ||
  `${author.name} writes for the ${siteConfig.name} blog about social drinking, bar culture and making real connections over a drink.`;
const trail = (author: { name: string; slug: string }) => [
  { name: "Blog", path: "/blog" },
  { name: author.name, path: basePath(author.slug) },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { author, list } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const url = absoluteUrl(siteUrl, basePath(author.slug));
  const feed = `${basePath(author.slug)}/rss.xml`;
  return seo(matches, {
    title: pageTitle(`${author.name} | Blog`, list.page),
    description: describe(author).slice(0, 160),
    path: pagePath(basePath(author.slug), list.page),
    markdown: false,
    breadcrumbs: trail(author),
    webPageKind: {
      type: "ProfilePage",
      fields: {
        mainEntity: {
          "@type": "Person",
          "@id": graphIds.person(url),
          name: author.name,
          description: describe(author),
          url,
          ...(author.avatar ? { image: absoluteUrl(siteUrl, author.avatar) } : {}),
        },
        hasPart: postItemList(siteUrl, list),
      },
    },
    extra: [
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: `${siteConfig.name} Blog: ${author.name}`,
        href: absoluteUrl(siteUrl, feed),
      },
    ],
  });
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, list } = loaderData;
  return (
    <>
      <ListHero
        kind="Author"
        name={author.name}
        description={describe(author)}
        trail={trail(author)}
        count={list.matching}
        feed={`${basePath(author.slug)}/rss.xml`}
      />
      <section className="container-page pb-16 pt-10" aria-label={`Posts by ${author.name}`}>
        <PostList id="author-results" list={list} basePath={basePath(author.slug)} />
      </section>
      <BlogPageScript />
    </>
  );
}
