/**
 * Text as a URL-safe slug: accents dropped, lower case, apostrophes removed ("Sydney's bars" is
 * sydneys-bars, not sydney-s-bars), "&" as "and", every other run of characters one hyphen, cut to
 * `maxLength` without a trailing hyphen. Empty when nothing is left. Posts, tags and staff share it.
 */
export function urlSlug(text: string, maxLength: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2019\u2018`]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}
