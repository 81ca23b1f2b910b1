import { ArrowLeft, CalendarDays, Clock, User } from "lucide-react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/post";
import { BlogSubscribeForm } from "~/audience/components/blog-subscribe-form";
import { BlogPicture } from "~/blog/reading/components/blog-picture";
import { BlogPageScript } from "~/blog/reading/components/page-script";
import { PostCard } from "~/blog/reading/components/post-card";
import { ShareButtons } from "~/blog/reading/components/share-buttons";
import { TagLinks } from "~/blog/reading/components/tag-links";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { categoryFallbackImage, normalizeBlogImageUrl, storedImagePath } from "~/blog/post/image";
import { BLOG_FEED_LINK } from "~/blog/reading/listing";
import { readingTimeLabel } from "~/blog/post/reading-time";
import { formatDate, formatDateTime } from "~/core/text/dates";
import { categoryLabel } from "~/blog/post/category";
import { absoluteUrl } from "~/site/addresses";
import { seo, siteUrlFrom } from "~/site/seo";
import { graphIds } from "~/site/structured-data";
import { siteConfig } from "~/site/config";

import { authorTag, postTag, tagPageTag } from "~/core/caches/cache-tags";
import type { PageHandle } from "~/core/http/page-handle";

// Plain HTML: a post needs no framework JavaScript (only the blog pages' small script).
export const handle = { pageCache: { versions: ["blog", "tags"] }, hydrate: false } satisfies PageHandle;

export async function loader({ params, request }: Route.LoaderArgs) {
  const { findPostBySlug, relatedPosts } = await import("~/blog/post/posts.server");
  const { renamedSlug } = await import("~/blog/writing/slugs.server");
  const { getStaffSession } = await import("~/auth/session.server");
  const { canEditPost } = await import("~/auth/roles");
  const { renderedPostBody } = await import("~/blog/reading/rendered-body.server");
  const { cardMaker } = await import("~/blog/reading/cards.server");
  const found = await findPostBySlug(params.slug);
  // A draft or a scheduled post is the preview of staff who may edit it: the public gets the 404 it always got.
  const session = found && !found.live && request.headers.get("cookie") ? await getStaffSession(request) : null;
  const preview = Boolean(found && session && canEditPost(session.staff, found));
  const post = found && (found.live || preview) ? found : null;
  if (!post) {
    const current = found ? null : await renamedSlug(params.slug);
    if (current) throw redirect(`/blog/${current}${new URL(request.url).search}`, 301);
    throw data(null, { status: 404 });
  }
  const html = await renderedPostBody(post);
  const socialImage = post.hasStoredImage
    ? {
        url: storedImagePath(post.id, post.imageVersion, 1200),
        width: 1200,
        height: post.imageWidth && post.imageHeight ? Math.round((1200 * post.imageHeight) / post.imageWidth) : undefined,
      }
    : { url: normalizeBlogImageUrl(post.image) ?? categoryFallbackImage(post.category), width: undefined, height: undefined };
  const card = await cardMaker();
  const shown = { ...card(post, post.id), updatedAt: post.updatedAt, html };
  const related = preview ? [] : (await relatedPosts(post, 3)).map((other) => card(other, other.id));
  return data(
    {
      post: shown,
      preview: preview ? { scheduled: post.published } : null,
      socialImage: post.socialImage ? { url: post.socialImage, width: undefined, height: undefined } : socialImage,
      search: {
        metaTitle: post.metaTitle,
        metaDescription: post.metaDescription,
        canonicalUrl: post.canonicalUrl,
        socialTitle: post.socialTitle,
        noindex: post.noindex,
      },
      related,
    },
    {
      // A preview is for this admin only: never stored by a browser or shared cache, never indexed.
      headers: preview
        ? { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" }
        : {
            "Cache-Control": "public, max-age=0, must-revalidate",
            // What a CDN purges this page for: the post, those it links, its tags' and author's names (app/core/caches/cache-tags.ts).
            "Surrogate-Key": [
              postTag(post.id),
              ...related.map((other) => postTag(other.id)),
              ...shown.tags.map((tag) => tagPageTag(tag.slug)),
              authorTag(shown.authorSlug),
            ].join(" "),
            ...(post.noindex ? { "X-Robots-Tag": "noindex" } : {}),
          },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The trail the post page shows and marks up: Home > Blog > the post. */
function postTrail(post: { title: string; slug: string }): Crumb[] {
  return [
    { name: "Blog", path: "/blog" },
    { name: post.title, path: `/blog/${post.slug}` },
  ];
}

function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= 160 ? clean : `${clean.slice(0, 157).replace(/\s+\S*$/, "")}...`;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { post, socialImage, preview, search } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const path = `/blog/${post.slug}`;
  const url = absoluteUrl(siteUrl, path);
  // The editor's search and social fields win; empty, the title, excerpt and image stand in.
  const description = metaDescription(search.metaDescription || post.excerpt);
  return seo(matches, {
    title: `${preview ? "Preview: " : ""}${search.metaTitle || `${post.title} | Blog`}`,
    description,
    path,
    canonicalUrl: search.canonicalUrl ?? undefined,
    socialTitle: search.socialTitle ?? undefined,
    type: "article",
    noindex: Boolean(preview) || search.noindex,
    image: { url: socialImage.url, alt: post.imageAlt || post.title, width: socialImage.width, height: socialImage.height },
    breadcrumbs: postTrail(post),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "@id": graphIds.article(url),
        headline: post.title,
        description,
        image: [absoluteUrl(siteUrl, socialImage.url)],
        datePublished: post.createdAt,
        dateModified: post.updatedAt,
        author: {
          "@type": "Person",
          "@id": graphIds.person(absoluteUrl(siteUrl, `/blog/author/${post.authorSlug}`)),
          name: post.author,
          url: absoluteUrl(siteUrl, `/blog/author/${post.authorSlug}`),
        },
        publisher: { "@id": graphIds.organization(siteUrl) },
        isPartOf: { "@id": graphIds.website(siteUrl) },
        mainEntityOfPage: { "@id": graphIds.webPage(url) },
        articleSection: categoryLabel(post.category),
        keywords: post.tags.map((tag) => tag.name).join(", "),
        timeRequired: `PT${post.readingMinutes}M`,
        url,
      },
    ],
    extra: [
      { property: "article:published_time", content: post.createdAt },
      { property: "article:modified_time", content: post.updatedAt },
      { property: "article:author", content: post.author },
      { property: "article:section", content: categoryLabel(post.category) },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
      BLOG_FEED_LINK,
    ],
  });
};

export default function BlogPostPage({ loaderData, matches }: Route.ComponentProps) {
  const { post, related, preview } = loaderData;
  const url = absoluteUrl(siteUrlFrom(matches), `/blog/${post.slug}`);
  const authorPath = `/blog/author/${post.authorSlug}`;

  return (
    <article>
      {preview ? (
        <div role="status" className="border-b border-amber-300 bg-amber-100 px-4 py-3 text-center text-sm font-semibold text-amber-950">
          {preview.scheduled
            ? `Scheduled preview: only you can see this post until ${formatDateTime(post.createdAt)}.`
            : "Draft preview: only you can see this post. It is not published."}
        </div>
      ) : null}
      <header className="relative isolate overflow-hidden bg-slate-900">
        <BlogPicture
          plan={post.image}
          alt={post.imageAlt}
          sizes="100vw"
          width={1200}
          height={630}
          priority
          placeholderText={null}
          className="absolute inset-0 -z-10 h-full w-full"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/95 via-slate-950/70 to-slate-950/40" aria-hidden />
        <div className="container-page pb-12 pt-8 sm:pb-16">
          <a
            href="/blog"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-white/15 px-4 text-sm font-semibold text-white backdrop-blur hover:bg-white/25"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to Blog
          </a>
          <div className="mt-16 max-w-3xl sm:mt-24">
            <Breadcrumbs trail={postTrail(post)} tone="dark" className="mb-5" />
            <span className="rounded-full bg-amber-300 px-3 py-1 text-xs font-bold uppercase tracking-wide text-slate-900">
              {post.categoryLabel}
            </span>
            <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-white sm:text-5xl">{post.title}</h1>
            <p className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-slate-100">
              <span className="inline-flex items-center gap-2">
                <User aria-hidden className="size-4" />
                <span>
                  By{" "}
                  <a href={authorPath} className="text-white underline decoration-white/40 underline-offset-4 hover:decoration-white">
                    {post.author}
                  </a>
                </span>
              </span>
              <span className="inline-flex items-center gap-2">
                <CalendarDays aria-hidden className="size-4" />
                <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
              </span>
              <span className="inline-flex items-center gap-2">
                <Clock aria-hidden className="size-4" />
                {readingTimeLabel(post.readingMinutes)}
              </span>
            </p>
          </div>
        </div>
      </header>

      {/* One reading column; the author box follows the text (a side column beside a long post stood empty for most of its length). */}
      <div className="container-page py-12">
        <div className="mx-auto max-w-3xl">
          <p className="text-xl leading-relaxed text-slate-700">{post.excerpt}</p>
          {/* Sanitised on the server by ~/utils/markdown (allow-list, no raw HTML). */}
          <div className="blog-prose mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
          {post.tags.length ? <TagLinks tags={post.tags} className="mt-10" /> : null}
          <div className="mt-10 border-t border-slate-200 pt-8">
            <ShareButtons url={url} title={post.title} />
          </div>
          <section aria-labelledby="about-author" className="mt-10 rounded-2xl bg-brand-50 p-6">
            <h2 id="about-author" className="text-lg font-bold text-slate-900">
              About the Author
            </h2>
            <p className="mt-3 font-semibold text-brand-800">
              <a href={authorPath} className="underline-offset-4 hover:underline">
                {post.author}
              </a>
            </p>
            <p className="mt-2 text-slate-700">
              {post.author} writes for the {siteConfig.name} blog about social drinking, bar culture and making real connections over a
              drink.
            </p>
          </section>
          <div className="mt-10">
            <BlogSubscribeForm page={`/blog/${post.slug}`} idPrefix="post-subscribe" />
          </div>
        </div>
      </div>

      {related.length ? (
        <section aria-labelledby="related-posts" className="bg-slate-50 py-12">
          <div className="container-page">
            <h2 id="related-posts" className="text-2xl font-bold text-slate-900">
              More from the blog
            </h2>
            <ul className="mt-6 grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
              {related.map((card) => (
                <li key={card.id} className="flex">
                  <PostCard card={card} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      <BlogPageScript />
    </article>
  );
}
