import type { ParsedQuery } from "./text";

/** A term's score in each post that has it (MiniSearch's BM25 over the fields, boosts applied). */
export type TermScores = ReadonlyMap<number, number>;

/**
 * The score of every post matching a parsed query, from each term's own scores: the same numbers
 * MiniSearch gives for `toQuery(parsed)` (./post-index.ts), worked out the way its query executor does
 * (an AND group adds its terms' scores in order and keeps the posts that have all of them, less those
 * with a -word; OR adds the groups' scores in order; the sum is multiplied by how many of the query's
 * distinct words the post matched). Taking each term's scores from a cache (./post-index.ts) makes a
 * search with common words cost a walk over numbers instead of MiniSearch's objects per post and field.
 */
export function queryScores(parsed: ParsedQuery, scoresOf: (term: string) => TermScores): Map<number, number> {
  const sums = new Map<number, number>();
  // The groups a post matched: only posts in two or more need their distinct words counted across groups.
  const firstGroup = new Map<number, number>();
  const laterGroups = new Map<number, number[]>();
  const groupTerms: Array<Set<string>> = [];

  parsed.groups.forEach((group, g) => {
    const terms = [...group.all, ...group.phrases.flat()];
    groupTerms.push(new Set(terms));
    const lists = terms.map(scoresOf);
    const excluded = group.none.map(scoresOf);
    // Walk the shortest list; a post must be in every other one.
    let shortest = lists[0];
    if (!shortest) return;
    for (const list of lists) if (list.size < shortest.size) shortest = list;
    for (const id of shortest.keys()) {
      let sum = 0;
      let all = true;
      for (const list of lists) {
        const score = list.get(id);
        if (score === undefined) {
          all = false;
          break;
        }
        sum += score;
      }
      if (!all || excluded.some((list) => list.has(id))) continue;
      const before = sums.get(id);
      if (before === undefined) {
        sums.set(id, sum);
        firstGroup.set(id, g);
      } else {
        sums.set(id, before + sum);
        const more = laterGroups.get(id);
        if (more) more.push(g);
        else laterGroups.set(id, [g]);
      }
    }
  });

  for (const [id, sum] of sums) {
    const first = groupTerms[firstGroup.get(id)!]!;
    const more = laterGroups.get(id);
    let distinct = first.size;
    if (more) {
      const union = new Set(first);
      for (const g of more) for (const term of groupTerms[g]!) union.add(term);
      distinct = union.size;
    }
    sums.set(id, sum * (distinct || 1));
  }
  return sums;
}
