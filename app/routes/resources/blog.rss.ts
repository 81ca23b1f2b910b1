/**
 * GET /blog/rss.xml: RSS 2.0 feed of the 20 latest published posts (full sanitised HTML in
 * content:encoded). Announced with <link rel="alternate" type="application/rss+xml"> on blog pages.
 */
import fs from "node:fs";
import path from "node:path";
import { Feed } from "feed";
import type { Route } from "./+types/blog.rss";
import { blogVersion, listPosts, type BlogPost } from "~/blog/posts.server";
import { readPostImage } from "~/blog/image.server";
import { categoryFallbackImage, normalizeBlogImageUrl, storedImagePath } from "~/blog/image";
import { categoryLabel } from "~/blog/category";
import { getEnv } from "~/core/env.server";
import { renderedPostBody } from "~/blog/rendered-body.server";
import { stringBytes, VersionedCache } from "~/core/versioned-cache";
import { escapeHtml } from "~/core/html";
import { absoluteUrl } from "~/site/addresses";
import { siteConfig } from "~/site/config";

// One feed, rebuilt when the blog changes.
const feeds = new VersionedCache<string>({ maxBytes: 8 * 1024 * 1024, sizeOf: stringBytes });

export async function loader(_args: Route.LoaderArgs) {
  const xml = await feeds.getOrMake("rss", await blogVersion(), buildFeed);
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

async function buildFeed(): Promise<string> {
  const siteUrl = getEnv().SITE_URL;
  const posts = (await listPosts({ includeDrafts: false })).slice(0, 20);
  const feed = new Feed({
    title: `${siteConfig.name} Blog`,
    description: "Stories and tips on social drinking, bar culture, nightlife and making real connections.",
    id: `${siteUrl}/blog`,
    link: `${siteUrl}/blog`,
    language: "en",
    image: absoluteUrl(siteUrl, RSS_LOGO.path),
    favicon: `${siteUrl}/favicon.ico`,
    copyright: `© ${new Date().getUTCFullYear()} ${siteConfig.name}`,
    updated: posts[0] ? new Date(posts[0].updatedAt) : new Date(0),
    generator: false,
    feedLinks: { rss: `${siteUrl}/blog/rss.xml` },
  });
  // RSS allows a channel image of at most 144 x 400 pixels, with its size stated.
  feed.addExtension({
    name: "image",
    objects: { url: absoluteUrl(siteUrl, RSS_LOGO.path), title: `${siteConfig.name} Blog`, link: `${siteUrl}/blog`, width: RSS_LOGO.width, height: RSS_LOGO.height },
  });
  for (const post of posts) {
    const link = `${siteUrl}/blog/${post.slug}`;
    const image = await enclosure(siteUrl, post);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.excerpt,
      // Readers show the enclosure without a description, so a described image leads the body with its alt.
      content: `${post.imageAlt ? `<p><img src="${escapeHtml(image?.url ?? absoluteUrl(siteUrl, normalizeBlogImageUrl(post.image) ?? categoryFallbackImage(post.category)))}" alt="${escapeHtml(post.imageAlt)}"></p>` : ""}${await renderedPostBody(post)}`,
      // RSS's <author> must be an e-mail address; a name goes in Dublin Core's creator.
      extensions: [{ name: "dc:creator", objects: { _text: post.author } }],
      date: new Date(post.createdAt),
      category: [{ name: categoryLabel(post.category) }, ...post.tags.map((name) => ({ name }))],
      ...(image ? { image } : {}),
    });
  }
  return feed.rss2();
}

const RSS_LOGO = { path: "/images/rss-logo.png", width: 144, height: 144 };

const TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" };

/**
 * An enclosure with its real length in bytes (RSS requires it): an uploaded image's JPEG variant, or
 * a file the site serves. An external image's size is not known without fetching it: no enclosure.
 */
async function enclosure(siteUrl: string, post: BlogPost): Promise<{ url: string; type: string; length: number } | null> {
  if (post.hasStoredImage) {
    const served = await readPostImage(post.id, 1200, "jpeg");
    if (!served) return null;
    // The image route serves JPEG to clients that do not ask for AVIF or WebP, as feed readers do.
    return { url: absoluteUrl(siteUrl, storedImagePath(post.id, post.imageVersion, 1200)), type: "image/jpeg", length: served.data.length };
  }
  const url = normalizeBlogImageUrl(post.image) ?? categoryFallbackImage(post.category);
  if (!url.startsWith("/")) return null;
  const local = path.resolve("build/client", `.${url.split(/[?#]/)[0]}`);
  if (!local.startsWith(path.resolve("build/client") + path.sep)) return null;
  try {
    const ext = local.split(".").pop()!.toLowerCase();
    return { url: absoluteUrl(siteUrl, url), type: TYPES[ext] ?? "application/octet-stream", length: (await fs.promises.stat(local)).size };
  } catch {
    return null;
  }
}
