/**
 * GET /blog/rss.xml: RSS 2.0 feed of the 20 latest published posts (full sanitised HTML in
 * content:encoded). Announced with <link rel="alternate" type="application/rss+xml"> on blog pages.
 */
import { Feed } from "feed";
import type { Route } from "./+types/blog.rss";
import { blogVersion, listPosts } from "~/blog/posts.server";
import { categoryFallbackImage, normalizeBlogImageUrl, storedImagePath } from "~/blog/image";
import { categoryLabel } from "~/blog/listing";
import { getEnv } from "~/core/env.server";
import { absoluteUrl } from "~/site/seo";
import { siteConfig } from "~/site/config";

let cached: { version: string; xml: string } | undefined;

export async function loader(_args: Route.LoaderArgs) {
  const version = await blogVersion();
  if (cached?.version !== version) cached = { version, xml: await buildFeed() };
  return new Response(cached.xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

async function buildFeed(): Promise<string> {
  // Loaded on demand so that it stays a chunk of its own, which the worker thread runs.
  const { renderPostBody } = await import("~/blog/text-work.server");
  const siteUrl = getEnv().SITE_URL.replace(/\/$/, "");
  const posts = (await listPosts({ includeDrafts: false })).slice(0, 20);
  const feed = new Feed({
    title: `${siteConfig.name} Blog`,
    description: "Stories and tips on social drinking, bar culture, nightlife and making real connections.",
    id: `${siteUrl}/blog`,
    link: `${siteUrl}/blog`,
    language: "en",
    image: absoluteUrl(siteUrl, siteConfig.defaultSocialImage),
    favicon: `${siteUrl}/favicon.ico`,
    copyright: `© ${new Date().getUTCFullYear()} ${siteConfig.name}`,
    updated: posts[0] ? new Date(posts[0].updatedAt) : new Date(0),
    generator: false,
    feedLinks: { rss: `${siteUrl}/blog/rss.xml` },
  });
  for (const post of posts) {
    const link = `${siteUrl}/blog/${post.slug}`;
    const image = post.hasStoredImage
      ? { url: absoluteUrl(siteUrl, storedImagePath(post.id, post.imageVersion, 1200)), type: "image/jpeg" }
      : (() => {
          const url = normalizeBlogImageUrl(post.image) ?? categoryFallbackImage(post.category);
          const ext = url.split(/[?#]/)[0]!.split(".").pop()?.toLowerCase();
          const type = ext === "jpg" || ext === "jpeg" ? "image/jpeg" : ext === "png" ? "image/png" : ext === "webp" ? "image/webp" : ext === "gif" ? "image/gif" : "image/jpeg";
          return { url: absoluteUrl(siteUrl, url), type };
        })();
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.excerpt,
      content: await renderPostBody(post.content),
      author: [{ name: post.author }],
      date: new Date(post.createdAt),
      category: [{ name: categoryLabel(post.category) }, ...post.tags.map((name) => ({ name }))],
      image,
    });
  }
  return feed.rss2();
}
