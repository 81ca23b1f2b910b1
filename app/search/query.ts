/**
 * The looser query tried when a search for all the words finds nothing: any of the plain words
 * (websearch syntax "a or b"). Quoted phrases, excluded words (-word) and an explicit "or" are
 * the searcher's own syntax, so such queries are not loosened; neither is a single word.
 */
export function anyWordQuery(query: string): string | null {
  if (/"|(?:^|\s)-/.test(query)) return null;
  const words = query.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length < 2 || words.some((word) => word.toLowerCase() === "or")) return null;
  return words.join(" or ");
}
