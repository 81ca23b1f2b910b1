import fs from "node:fs";
import { Feed } from "feed";
import { blogVersion, listPosts, type BlogPost } from "../post/posts.server";
import { isIndexable } from "../post/indexable";
import { readPostImage } from "../media/image-variants.server";
import { categoryFallbackImage, normalizeBlogImageUrl, storedImagePath } from "../post/image";
import { categoryLabel } from "../post/category";
import { findAuthor } from "./authors.server";
import { renderedPostBody } from "./rendered-body.server";
import { siteFilePath } from "../media/site-files.server";
import { blogTagsVersion, findTag, tagNamer } from "./tags.server";
import { getEnv } from "~/core/instance/env.server";
import { stringBytes, VersionedCache } from "~/core/caches/versioned-cache";
import { escapeHtml } from "~/core/text/html";
import { absoluteUrl } from "~/site/addresses";
import { siteConfig } from "~/site/config";

/**
 * The blog's RSS 2.0 feeds (made with `feed`): the whole blog's (/blog/rss.xml), each tag's and each
 * author's, of their 20 latest posts with the full sanitised HTML in content:encoded. Kept per version
 * of the posts and tags; only feeds of tags and authors that live posts have are made (others are 404).
 */
const FEED_LENGTH = 20;

const feeds = new VersionedCache<string>({ maxBytes: 8 * 1024 * 1024, sizeOf: stringBytes });

type FeedSpec = { key: string; title: string; description: string; path: string; posts: BlogPost[] };

async function feedOf(spec: () => Promise<FeedSpec | null>, key: string): Promise<string | null> {
  const version = `${await blogVersion()}|${await blogTagsVersion()}`;
  const kept = feeds.get(key, version);
  if (kept !== undefined) return kept;
  const found = await spec();
  return found ? feeds.getOrMake(key, version, () => buildFeed(found)) : null;
}

export function blogFeed(): Promise<string> {
  return feedOf(
    async () => ({
      key: "blog",
      title: `${siteConfig.name} Blog`,
      description: "Stories and tips on social drinking, bar culture, nightlife and making real connections.",
      path: "/blog",
      posts: await listPosts({ includeDrafts: false }),
    }),
    "blog",
  ) as Promise<string>;
}

export function tagFeed(slug: string): Promise<string | null> {
  return feedOf(async () => {
    const tag = await findTag(slug);
    return (
      tag && {
        key: `tag:${slug}`,
        title: `${siteConfig.name} Blog: ${tag.name}`,
        description: tag.description || `Posts tagged "${tag.name}" on the ${siteConfig.name} blog.`,
        path: `/blog/tag/${slug}`,
        posts: tag.posts,
      }
    );
  }, `tag:${slug}`);
}

export function authorFeed(slug: string): Promise<string | null> {
  return feedOf(async () => {
    const found = findAuthor(await listPosts({ includeDrafts: false }), slug);
    return (
      found && {
        key: `author:${slug}`,
        title: `${siteConfig.name} Blog: ${found.author.name}`,
        description: found.author.bio || `Posts by ${found.author.name} on the ${siteConfig.name} blog.`,
        path: `/blog/author/${slug}`,
        posts: found.posts,
      }
    );
  }, `author:${slug}`);
}

/** The answer every feed route gives. */
export function feedResponse(xml: string | null): Response {
  if (xml === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}

async function buildFeed(spec: FeedSpec): Promise<string> {
  const siteUrl = getEnv().SITE_URL;
  // A post hidden from search engines is left out of every feed too.
  const posts = spec.posts.filter(isIndexable).slice(0, FEED_LENGTH);
  const nameTags = await tagNamer();
  const link = `${siteUrl}${spec.path}`;
  const feed = new Feed({
    title: spec.title,
    description: spec.description,
    id: link,
    link,
    language: "en",
    image: absoluteUrl(siteUrl, RSS_LOGO.path),
    favicon: `${siteUrl}/favicon.ico`,
    copyright: `© ${new Date().getUTCFullYear()} ${siteConfig.name}`,
    updated: posts[0] ? new Date(posts[0].updatedAt) : new Date(0),
    generator: false,
    feedLinks: { rss: `${link}/rss.xml` },
  });
  // RSS allows a channel image of at most 144 x 400 pixels, with its size stated.
  feed.addExtension({
    name: "image",
    objects: { url: absoluteUrl(siteUrl, RSS_LOGO.path), title: spec.title, link, width: RSS_LOGO.width, height: RSS_LOGO.height },
  });
  for (const post of posts) {
    const postLink = `${siteUrl}/blog/${post.slug}`;
    const image = await enclosure(siteUrl, post);
    const category = categoryLabel(post.category);
    // One category per tag however its posts spell it ("Events" and "events" are one), none repeating the section.
    const tags = nameTags(post.tags).filter((tag) => tag.name.toLowerCase() !== category.toLowerCase());
    feed.addItem({
      title: post.title,
      id: postLink,
      link: postLink,
      description: post.excerpt,
      // Readers show the enclosure without a description, so a described image leads the body with its alt.
      content: `${post.imageAlt ? `<p><img src="${escapeHtml(image?.url ?? absoluteUrl(siteUrl, normalizeBlogImageUrl(post.image) ?? categoryFallbackImage(post.category)))}" alt="${escapeHtml(post.imageAlt)}"></p>` : ""}${await renderedPostBody(post)}`,
      // RSS's <author> must be an e-mail address; a name goes in Dublin Core's creator.
      extensions: [{ name: "dc:creator", objects: { _text: post.author } }],
      date: new Date(post.createdAt),
      category: [{ name: category }, ...tags.map((tag) => ({ name: tag.name, domain: `${siteUrl}/blog/tag/${tag.slug}` }))],
      ...(image ? { image } : {}),
    });
  }
  return feed.rss2();
}

const RSS_LOGO = { path: "/images/rss-logo.png", width: 144, height: 144 };

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/**
 * An enclosure with its real length in bytes (RSS requires it): an uploaded image's JPEG variant, or
 * a file the site serves. An external image's size is not known without fetching it: no enclosure.
 */
async function enclosure(siteUrl: string, post: BlogPost): Promise<{ url: string; type: string; length: number } | null> {
  if (post.hasStoredImage) {
    const served = await readPostImage(post.id, 1200, "jpeg", true);
    if (!served) return null;
    // The image route serves JPEG to clients that do not ask for AVIF or WebP, as feed readers do.
    return { url: absoluteUrl(siteUrl, storedImagePath(post.id, post.imageVersion, 1200)), type: "image/jpeg", length: served.data.length };
  }
  const url = normalizeBlogImageUrl(post.image) ?? categoryFallbackImage(post.category);
  if (!url.startsWith("/")) return null;
  const local = siteFilePath(url);
  if (!local) return null;
  try {
    const ext = local.split(".").pop()!.toLowerCase();
    return { url: absoluteUrl(siteUrl, url), type: TYPES[ext] ?? "application/octet-stream", length: (await fs.promises.stat(local)).size };
  } catch {
    return null;
  }
}
