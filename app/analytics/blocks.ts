import { dayNumber, dayOfNumber } from "~/core/text/utc-days";

/**
 * Rollup blocks (pure; docs/decisions/0043-analytics-rollup-blocks.md): a block is `span` days (a power of two,
 * 1 to MAX_SPAN) starting on a day whose number (days since 1970-01-01) is a multiple of its span. Every figure
 * is a sum over days, so a block's figures are its two halves' added up, and any range of days is covered by a
 * few blocks: 90 days by at most 12 (two per size at most), instead of 90 daily rollups.
 */
const MAX_SPAN = 512;

export type Block = { day: string; span: number };
/** A range's cover: rolled-up blocks, and the days no block covers (read from the raw rows). */
export type Cover = { blocks: Block[]; rawDays: string[] };

export const blockId = (day: string, span: number): string => `${day}/${span}`;

/**
 * Covers `from`..`to` (both included) with the largest blocks that exist (`has`), left to right; a day that
 * no block starts at is a raw day. Blocks are aligned, so the largest one fitting at each step is the best.
 */
export function coverRange(from: string, to: string, has: (day: string, span: number) => boolean): Cover {
  const blocks: Block[] = [];
  const rawDays: string[] = [];
  const last = dayNumber(to);
  for (let n = dayNumber(from); n <= last;) {
    const day = dayOfNumber(n);
    let span = MAX_SPAN;
    while (span >= 1 && (n % span !== 0 || n + span - 1 > last || !has(day, span))) span /= 2;
    if (span >= 1) {
      blocks.push({ day, span });
      n += span;
    } else {
      rawDays.push(day);
      n += 1;
    }
  }
  return { blocks, rawDays };
}

/**
 * The blocks to build from those that exist: every block of span 2 and up whose two halves exist (counting
 * the blocks this adds, smallest first), and that does not exist yet.
 */
export function blocksToBuild(existing: readonly Block[]): Array<Block & { halves: [Block, Block] }> {
  const have = new Set(existing.map((b) => blockId(b.day, b.span)));
  const build: Array<Block & { halves: [Block, Block] }> = [];
  for (let span = 2; span <= MAX_SPAN; span *= 2) {
    const half = span / 2;
    const starts = [
      ...new Set(
        existing
          .concat(build)
          .filter((b) => b.span === half)
          .map((b) => dayNumber(b.day) - (dayNumber(b.day) % span)),
      ),
    ].sort((a, b) => a - b);
    for (const n of starts) {
      const day = dayOfNumber(n);
      const second = dayOfNumber(n + half);
      if (have.has(blockId(day, span)) || !have.has(blockId(day, half)) || !have.has(blockId(second, half))) continue;
      have.add(blockId(day, span));
      build.push({
        day,
        span,
        halves: [
          { day, span: half },
          { day: second, span: half },
        ],
      });
    }
  }
  return build;
}

export type Tuple = [key: string, views: number, visitors: number];

/** Tuples of several blocks of one dimension, added up per key (in the order the keys first come). */
export function addTuples(lists: ReadonlyArray<readonly Tuple[]>): Tuple[] {
  const sums = new Map<string, Tuple>();
  for (const list of lists) {
    for (const [key, views, visitors] of list) {
      const t = sums.get(key);
      if (t) {
        t[1] += views;
        t[2] += visitors;
      } else sums.set(key, [key, views, visitors]);
    }
  }
  return [...sums.values()];
}
