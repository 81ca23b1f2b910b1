import type { PostSearchFields } from "./schema";

/**
 * Guidance for the search and social fields of a post: the lengths search engines show (about 60
 * characters of a title and 155 of a description before they cut), and what is shown when a field is empty.
 */
export const META_TITLE_GUIDE = 60;
export const META_DESCRIPTION_GUIDE = 155;

export type LengthGuidance = { text: string; tooLong: boolean };

/** "42 of about 60 characters", or a warning past the guide (saving is still allowed). */
export function lengthGuidance(length: number, guide: number): LengthGuidance {
  if (length <= guide) return { text: `${length} of about ${guide} characters`, tooLong: false };
  return { text: `${length} characters: search engines may cut it after about ${guide}`, tooLong: true };
}

/** The title and description a search result shows: the overrides, else the post's title and excerpt. */
export function searchSnippet(post: { title: string; excerpt: string; metaTitle?: string | null; metaDescription?: string | null }): {
  title: string;
  description: string;
} {
  return { title: post.metaTitle?.trim() || `${post.title} | Blog`, description: post.metaDescription?.trim() || post.excerpt };
}

/** The search and social fields of a post (or anything carrying them): what the API, export and import copy. */
export function searchFieldsOf(post: PostSearchFields): PostSearchFields {
  return {
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    canonicalUrl: post.canonicalUrl,
    socialImage: post.socialImage,
    socialTitle: post.socialTitle,
    noindex: post.noindex,
  };
}
