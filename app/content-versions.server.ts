import { blogVersion } from "~/blog/posts.server";
import { venueVersion } from "~/venues/venues.server";
import { weatherVersion } from "~/venues/weather.server";

/**
 * The content a cached page can show, by the name pages use in their `handle.pageCache.versions`
 * (see app/core/page-handle.ts), each with the feature's own cheap version check. Every one is
 * read from the database (throttled by its feature), so a write on any instance sharing it
 * changes the version everywhere. A feature whose pages show new content adds its source here.
 */
export const contentVersions: Readonly<Record<string, () => Promise<string>>> = {
  blog: blogVersion,
  venues: venueVersion,
  weather: weatherVersion,
};
