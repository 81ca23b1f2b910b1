import { spotsVersion, spotsVersionNow } from "~/audience/spots.server";
import { blogVersion, blogVersionNow } from "~/blog/post/posts.server";
import { blogTagsVersion, blogTagsVersionNow } from "~/blog/reading/tags.server";
import { venueVersion, venueVersionNow } from "~/venues/venues.server";
import { weatherVersion, weatherVersionNow } from "~/venues/weather.server";

/**
 * The content a cached page can show, by the name pages use in their `handle.pageCache.versions`
 * (see app/core/http/page-handle.ts), each with the feature's own cheap version check. Stored content's
 * version is read from the database (throttled by its feature), so a write on any instance sharing
 * it changes the version everywhere; the weather's is its cache period. A feature whose pages show
 * new content adds its source here.
 */
export const contentVersions: Readonly<Record<string, () => Promise<string>>> = {
  blog: blogVersion,
  tags: blogTagsVersion,
  venues: venueVersion,
  weather: weatherVersion,
  spots: spotsVersion,
};

/** Each version when known without waiting (checked within its interval), for the front cache's hits. */
const versionsNow: Readonly<Record<string, () => string | undefined>> = {
  blog: blogVersionNow,
  tags: blogTagsVersionNow,
  venues: venueVersionNow,
  weather: weatherVersionNow,
  spots: spotsVersionNow,
};

/**
 * The current version of the named content (the deploy's is part of every cache key already): a string
 * when every one is known now, so a cache hit answers in the same turn (no promise, no microtask), else
 * a promise of it.
 */
export function versionOf(names: readonly string[] | undefined): string | Promise<string> {
  if (!names || names.length === 0) return "";
  if (names.length === 1) return versionsNow[names[0]!]?.() ?? contentVersions[names[0]!]!();
  let joined = "";
  for (let i = 0; i < names.length; i++) {
    const now = versionsNow[names[i]!]?.();
    if (now === undefined) return Promise.all(names.map((name) => contentVersions[name]!())).then((versions) => versions.join("|"));
    joined += i === 0 ? now : `|${now}`;
  }
  return joined;
}
