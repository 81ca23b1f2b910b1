import { urlSlug } from "~/core/text/slug";
import { z } from "zod";

/**
 * Tags as readers meet them: each has an address (/blog/tag/{slug}); tags written with other capitals
 * or accents ("Events", "events") share one slug and are one tag. Posts keep their tags as text; the
 * blog_tags table adds a display name and a description per slug.
 */
export type TagRef = { slug: string; name: string };

/** A tag as the admin lists it: with how many posts (drafts included) carry it. */
export type AdminTag = TagRef & { description: string; posts: number };

const MAX_TAG_SLUG_LENGTH = 80;
const MAX_TAG_DESCRIPTION_LENGTH = 500;

/**
 * A tag's slug. The backfill migration (drizzle/0013_blog_public_tags_data.sql) computes the same in SQL:
 * change both together.
 */
export function tagSlug(name: string): string {
  return urlSlug(name, MAX_TAG_SLUG_LENGTH);
}

/** A post's tags, one per slug, in its order, named as `nameOf` says (else as first written). */
export function uniqueTags(tags: readonly string[], nameOf: (slug: string) => string | undefined = () => undefined): TagRef[] {
  const seen = new Map<string, TagRef>();
  for (const tag of tags) {
    const slug = tagSlug(tag);
    if (slug && !seen.has(slug)) seen.set(slug, { slug, name: nameOf(slug) ?? tag.trim() });
  }
  return [...seen.values()];
}

/** The spelling most posts use (ties: the one with capitals, as a name is written, then the first met), for a tag with no row of its own. */
export function commonestSpelling(spellings: ReadonlyMap<string, number>): string {
  const capitals = (name: string) => name.replace(/[^\p{Lu}]/gu, "").length;
  let best = "";
  let count = -1;
  for (const [name, n] of spellings) if (n > count || (n === count && capitals(name) > capitals(best))) [best, count] = [name, n];
  return best;
}

const tagName = z
  .string()
  .trim()
  .min(1, "Please enter a tag name")
  .max(40, "A tag name must be at most 40 characters")
  .refine((name) => tagSlug(name) !== "", "A tag name needs at least one letter or digit");
const description = z
  .string()
  .trim()
  .max(MAX_TAG_DESCRIPTION_LENGTH, `A description must be at most ${MAX_TAG_DESCRIPTION_LENGTH} characters`);

/** PATCH /api/admin/tags/{slug}: rename (the slug follows the new name) and/or describe. */
export const tagUpdateSchema = z
  .object({ name: tagName.optional(), description: description.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.description !== undefined, "Nothing to change");

/** POST /api/admin/tags: describe a tag (new, or one posts already use). */
export const tagCreateSchema = z.object({ name: tagName, description: description.default("") }).strict();

/** POST /api/admin/tags/merge: every post tagged with one of `from` gets `into` instead. */
export const tagMergeSchema = z
  .object({
    from: z.array(z.string().min(1).max(MAX_TAG_SLUG_LENGTH)).min(1, "Choose the tags to merge").max(50),
    into: z.string().min(1, "Choose the tag to merge into").max(MAX_TAG_SLUG_LENGTH),
  })
  .strict();

export type TagUpdate = z.infer<typeof tagUpdateSchema>;
export type TagCreate = z.infer<typeof tagCreateSchema>;
export type TagMerge = z.infer<typeof tagMergeSchema>;
