import { digestOf } from "~/core/secrets/digest.server";
import { coverImagePath, siteImagePath } from "~/blog/post/content-images";
import type { BlogPost } from "~/blog/post/posts.server";
import { authorOf, type Author } from "~/blog/reading/authors.server";
import { postReadingMinutes } from "~/blog/post/reading-time";
import { tagSlug, type TagRef } from "~/blog/post/tags";
import { absoluteUrl } from "~/site/addresses";
import { mainNav, siteConfig } from "~/site/config";
import { absoluteHtml, ghostPageUrl } from "./ghost-urls";

/**
 * Our posts, tags, authors and settings in the Content API's shapes and field names (Ghost 5: docs.ghost.org
 * /content-api). Fields Ghost has and this site does not keep answer null (or Ghost's default), so
 * starters that read them find them. Posts keep their numeric id (as a string: posts/{id}/ reads it);
 * tags and authors, which have no id of their own here, get a stable 24-hex id made from their slug.
 */

export type GhostObject = Record<string, unknown>;
export type Include = { tags: boolean; authors: boolean; countPosts: boolean };

const objectId = (kind: string, slug: string) => digestOf(`${kind}:${slug}`, "hex", "sha1").slice(0, 24);
function uuidOf(id: number): string {
  const h = digestOf(`post:${id}`, "hex", "sha1");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const SOCIAL_NULLS = {
  og_image: null,
  og_title: null,
  og_description: null,
  twitter_image: null,
  twitter_title: null,
  twitter_description: null,
};

export function ghostTag(siteUrl: string, tag: TagRef & { description?: string }, postCount?: number): GhostObject {
  return {
    id: objectId("tag", tag.slug),
    name: tag.name,
    slug: tag.slug,
    description: tag.description || null,
    feature_image: null,
    visibility: "public",
    ...SOCIAL_NULLS,
    meta_title: null,
    meta_description: null,
    codeinjection_head: null,
    codeinjection_foot: null,
    canonical_url: null,
    accent_color: null,
    url: ghostPageUrl(siteUrl, `/blog/tag/${tag.slug}`),
    ...(postCount === undefined ? {} : { count: { posts: postCount } }),
  };
}

export function ghostAuthor(siteUrl: string, author: Author, postCount?: number): GhostObject {
  return {
    id: objectId("author", author.slug),
    name: author.name,
    slug: author.slug,
    profile_image: author.avatar ? absoluteUrl(siteUrl, author.avatar) : null,
    cover_image: null,
    bio: author.bio,
    website: null,
    location: null,
    facebook: null,
    twitter: null,
    meta_title: null,
    meta_description: null,
    url: ghostPageUrl(siteUrl, `/blog/author/${author.slug}`),
    ...(postCount === undefined ? {} : { count: { posts: postCount } }),
  };
}

/** A post; `html` and `plaintext` are given when asked for (formats). */
export function ghostPost(
  siteUrl: string,
  post: BlogPost,
  tags: ReadonlyArray<TagRef & { description?: string }>,
  include: Include,
  bodies: { html?: string; plaintext?: string },
): GhostObject {
  // An uploaded cover, or one of the site's own pictures, at Ghost's address, so a front end's
  // /content/images/size/w600/… variants answer.
  const imagePath =
    post.hasStoredImage && post.imageVersion && post.imageMimeType
      ? coverImagePath(post.id, post.imageVersion, post.imageMimeType)
      : post.image && (siteImagePath(post.image) ?? post.image);
  const image = imagePath ? absoluteUrl(siteUrl, imagePath) : null;
  const shaped: GhostObject = {
    id: String(post.id),
    uuid: uuidOf(post.id),
    title: post.title,
    slug: post.slug,
    ...("html" in bodies ? { html: bodies.html === undefined ? null : absoluteHtml(siteUrl, bodies.html) } : {}),
    ...("plaintext" in bodies ? { plaintext: bodies.plaintext } : {}),
    comment_id: String(post.id),
    feature_image: image,
    feature_image_alt: image ? post.imageAlt : null,
    feature_image_caption: null,
    featured: false,
    visibility: "public",
    created_at: post.createdAt,
    updated_at: post.updatedAt,
    published_at: post.createdAt,
    custom_excerpt: post.excerpt || null,
    codeinjection_head: null,
    codeinjection_foot: null,
    custom_template: null,
    canonical_url: post.canonicalUrl,
    url: ghostPageUrl(siteUrl, `/blog/${post.slug}`),
    excerpt: post.excerpt,
    reading_time: postReadingMinutes(post),
    access: true,
    comments: false,
    ...SOCIAL_NULLS,
    og_image: post.socialImage ? absoluteUrl(siteUrl, post.socialImage) : null,
    og_title: post.socialTitle,
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    email_subject: null,
    frontmatter: null,
  };
  if (include.tags) {
    const shapedTags = tags.map((tag) => ghostTag(siteUrl, tag));
    shaped.tags = shapedTags;
    shaped.primary_tag = shapedTags[0] ?? null;
  }
  if (include.authors) {
    const author = ghostAuthor(siteUrl, authorOf(post));
    shaped.authors = [author];
    shaped.primary_author = author;
  }
  return shaped;
}

/** The slugs a post's filter matches on. */
export const postTagSlugs = (post: BlogPost) => [...new Set(post.tags.map(tagSlug).filter(Boolean))];

/** The free tier: what a Ghost site with members turned off lists under tiers/ (no paid tiers, no prices). */
export function ghostFreeTier(): GhostObject {
  return {
    id: objectId("tier", "free"),
    name: "Free",
    slug: "free",
    description: null,
    active: true,
    type: "free",
    welcome_page_url: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: null,
    visibility: "public",
    benefits: [],
    currency: null,
    monthly_price: null,
    yearly_price: null,
    trial_days: 0,
  };
}

export function ghostSettings(siteUrl: string): GhostObject {
  return {
    title: siteConfig.name,
    description: siteConfig.description,
    logo: absoluteUrl(siteUrl, "/images/rss-logo.png"),
    icon: `${siteUrl}/favicon.ico`,
    accent_color: null,
    cover_image: null,
    facebook: "clinkapp",
    twitter: "@clinkapp",
    lang: "en",
    locale: "en",
    timezone: "Etc/UTC",
    codeinjection_head: null,
    codeinjection_foot: null,
    navigation: mainNav.map((item) => ({ label: item.label, url: `${siteUrl}${item.to}` })),
    secondary_navigation: [],
    meta_title: siteConfig.homeTitle,
    meta_description: siteConfig.description,
    ...SOCIAL_NULLS,
    members_support_address: siteConfig.supportEmail,
    url: `${siteUrl}/`,
  };
}
