import { describe, expect, it } from "vitest";
import { addTuples, blockId, blocksToBuild, coverRange, type Block } from "./blocks";
import { dayNumber, dayOfNumber } from "~/core/text/utc-days";
import { daysOf } from "~/core/text/utc-days";

/** Every day from `from` to `to` as a day block, and the blocks the job would build from them. */
function rolledUp(from: string, to: string, missing?: string): Set<string> {
  const days: Block[] = daysOf(from, to)
    .filter((day) => day !== missing)
    .map((day) => ({ day, span: 1 }));
  return new Set([...days, ...blocksToBuild(days)].map((b) => blockId(b.day, b.span)));
}
const coveredDays = (blocks: Block[]) => blocks.flatMap((b) => Array.from({ length: b.span }, (_, i) => dayOfNumber(dayNumber(b.day) + i)));

describe("rollup blocks", () => {
  it("build each aligned block whose two halves exist, and none that reaches past the days rolled up", () => {
    const built = blocksToBuild(daysOf("2026-01-01", "2026-01-08").map((day) => ({ day, span: 1 })));
    // 2026-01-01 is day 20454 (a multiple of 2, not of 4): pairs from it, then fours from 01-03.
    expect(built.map((b) => blockId(b.day, b.span))).toEqual([
      "2026-01-01/2",
      "2026-01-03/2",
      "2026-01-05/2",
      "2026-01-07/2",
      "2026-01-03/4",
    ]);
    expect(built.every((b) => dayNumber(b.day) % b.span === 0)).toBe(true);
  });

  it("cover a 90-day range with a dozen blocks at most, each day once, leaving the days not rolled up raw", () => {
    const have = rolledUp("2025-06-01", "2026-03-30");
    const cover = coverRange("2026-01-01", "2026-03-31", (day, span) => have.has(blockId(day, span)));
    expect(cover.blocks.length).toBeLessThanOrEqual(12);
    expect(cover.rawDays).toEqual(["2026-03-31"]);
    expect([...coveredDays(cover.blocks), ...cover.rawDays].sort()).toEqual(daysOf("2026-01-01", "2026-03-31"));
  });

  it("read a day no rollup holds from the raw rows, even inside the range", () => {
    const have = rolledUp("2026-01-01", "2026-01-31", "2026-01-10");
    const cover = coverRange("2026-01-01", "2026-01-31", (day, span) => have.has(blockId(day, span)));
    expect(cover.rawDays).toEqual(["2026-01-10"]);
    expect([...coveredDays(cover.blocks), ...cover.rawDays].sort()).toEqual(daysOf("2026-01-01", "2026-01-31"));
  });

  it("add tuples per key", () => {
    expect(
      addTuples([
        [
          ["/a", 1, 1],
          ["/b", 2, 1],
        ],
        [["/a", 3, 2]],
      ]),
    ).toEqual([
      ["/a", 4, 3],
      ["/b", 2, 1],
    ]);
  });
});
