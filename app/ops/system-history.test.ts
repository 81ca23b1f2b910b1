import { describe, expect, it } from "vitest";
import { cleanValues, historyPoints, HISTORY_MS, perMinute, summarise, type Sample } from "./system-history";

const now = new Date("2026-11-25T12:00:00Z");
const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();

describe("system history", () => {
  it("keeps only known, finite figures, rounded to hundredths", () => {
    expect(cleanValues({ memoryMb: 212.3456, jobsWaiting: Number.NaN, bogus: 4, diskUsedPercent: null, jobsDead: Infinity })).toEqual({
      memoryMb: 212.35,
    });
  });

  it("averages the samples of each period, leaves out empty periods and anything older than a week", () => {
    const samples: Sample[] = [
      { takenAt: at(HISTORY_MS + 60_000), values: { memoryMb: 999 } }, // older than the week
      { takenAt: at(10 * 60_000), values: { memoryMb: 200, jobsWaiting: 2 } },
      { takenAt: at(5 * 60_000), values: { memoryMb: 220 } },
      { takenAt: at(3 * 3_600_000), values: { memoryMb: 180, jobsWaiting: 0 } },
    ];
    const points = historyPoints(samples, now);
    expect(points).toHaveLength(2);
    expect(points[0]!.values.memoryMb).toBe(180);
    expect(points[1]!.values.memoryMb).toBe(210);
    // A figure only one sample of the period holds is that sample's, not halved.
    expect(points[1]!.values.jobsWaiting).toBe(2);
    expect(points[1]!.values.databaseMb).toBeNull();
    expect(new Date(points[1]!.at).getTime()).toBe(now.getTime());
    expect(Date.parse(points[0]!.at)).toBeLessThan(Date.parse(points[1]!.at));
  });

  it("turns two readings of a counter into a rate, and none across a restart", () => {
    expect(perMinute({ total: 100, at: 0 }, { total: 400, at: 5 * 60_000 })).toBe(60);
    expect(perMinute(null, { total: 400, at: 1 })).toBeNull();
    expect(perMinute({ total: 500, at: 0 }, { total: 10, at: 60_000 })).toBeNull();
  });

  it("summarises a chart for its text alternative", () => {
    const points = historyPoints(
      [
        { takenAt: at(7_200_000), values: { jobsDead: 3 } },
        { takenAt: at(60_000), values: { jobsDead: 1 } },
      ],
      now,
    );
    expect(summarise(points, "jobsDead")).toEqual({ latest: 1, min: 1, max: 3 });
    expect(summarise(points, "memoryMb")).toBeNull();
  });
});
