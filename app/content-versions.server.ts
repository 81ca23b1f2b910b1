import { blogVersion } from "~/blog/posts.server";
import { blogTagsVersion } from "~/blog/tags.server";
import { venueVersion } from "~/venues/venues.server";
import { weatherVersion } from "~/venues/weather.server";

/**
 * The content a cached page can show, by the name pages use in their `handle.pageCache.versions`
 * (see app/core/page-handle.ts), each with the feature's own cheap version check. Stored content's
 * version is read from the database (throttled by its feature), so a write on any instance sharing
 * it changes the version everywhere; the weather's is its cache period. A feature whose pages show
 * new content adds its source here.
 */
export const contentVersions: Readonly<Record<string, () => Promise<string>>> = {
  blog: blogVersion,
  tags: blogTagsVersion,
  venues: venueVersion,
  weather: weatherVersion,
};

/** The current version of the named content (the deploy's is part of every cache key already). */
export function versionOf(names: readonly string[] | undefined): string | Promise<string> {
  if (!names || names.length === 0) return "";
  if (names.length === 1) return contentVersions[names[0]!]!();
  return Promise.all(names.map((name) => contentVersions[name]!())).then((versions) => versions.join("|"));
}
