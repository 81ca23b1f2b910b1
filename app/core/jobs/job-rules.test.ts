import { describe, expect, it } from "vitest";
import { checkScheduleWhen, MAX_RETRY_DELAY_MS, retryDelayMs, schedulePeriod } from "./job-rules";

describe("retryDelayMs", () => {
  it("doubles from the base after each failure and stops at an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1000, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(0, 500)).toBe(500);
  });
});

describe("schedulePeriod", () => {
  const utc = (iso: string) => new Date(iso);

  it("names one period per N-minute slot, the same for every instant in it", () => {
    const every10 = { everyMinutes: 10 };
    expect(schedulePeriod(every10, utc("2026-03-01T10:00:00Z"), "UTC")).toBe("2026-03-01T10:00Z");
    expect(schedulePeriod(every10, utc("2026-03-01T10:09:59.999Z"), "UTC")).toBe("2026-03-01T10:00Z");
    expect(schedulePeriod(every10, utc("2026-03-01T10:10:00Z"), "UTC")).toBe("2026-03-01T10:10Z");
    expect(schedulePeriod({ everyMinutes: 1 }, utc("2026-03-01T10:10:31Z"), "Europe/Paris")).toBe("2026-03-01T10:10Z");
  });

  it("counts a daily time from its latest occurrence in site time", () => {
    const at3 = { dailyAt: "03:00" };
    expect(schedulePeriod(at3, utc("2026-03-01T02:59:00Z"), "UTC")).toBe("2026-02-28@03:00");
    expect(schedulePeriod(at3, utc("2026-03-01T03:00:00Z"), "UTC")).toBe("2026-03-01@03:00");
    expect(schedulePeriod(at3, utc("2026-03-01T23:59:00Z"), "UTC")).toBe("2026-03-01@03:00");
    // 03:00 in New York (UTC-5 in winter) is 08:00 UTC.
    expect(schedulePeriod(at3, utc("2026-01-15T07:59:00Z"), "America/New_York")).toBe("2026-01-14@03:00");
    expect(schedulePeriod(at3, utc("2026-01-15T08:00:00Z"), "America/New_York")).toBe("2026-01-15@03:00");
    // Across a month end in a zone ahead of UTC: 00:30 on 1 March in Tokyo is still 28 February in UTC.
    expect(schedulePeriod({ dailyAt: "00:15" }, utc("2026-02-28T15:30:00Z"), "Asia/Tokyo")).toBe("2026-03-01@00:15");
  });

  it("gives a daily schedule exactly one period per day across a DST change", () => {
    const periods = new Set<string>();
    // Europe/Paris moved to summer time on 29 March 2026; walk two days in 15-minute steps.
    for (let t = Date.parse("2026-03-28T00:00:00Z"); t < Date.parse("2026-03-30T00:00:00Z"); t += 15 * 60_000) {
      periods.add(schedulePeriod({ dailyAt: "02:30" }, new Date(t), "Europe/Paris"));
    }
    expect([...periods]).toEqual(["2026-03-27@02:30", "2026-03-28@02:30", "2026-03-29@02:30"]);
  });
});

describe("checkScheduleWhen", () => {
  it("refuses schedules that cannot run", () => {
    expect(() => checkScheduleWhen({ dailyAt: "3:00" })).toThrow(/HH:MM/);
    expect(() => checkScheduleWhen({ dailyAt: "24:00" })).toThrow(/HH:MM/);
    expect(() => checkScheduleWhen({ everyMinutes: 0 })).toThrow(/everyMinutes/);
    expect(() => checkScheduleWhen({ everyMinutes: 1.5 })).toThrow(/everyMinutes/);
    expect(() => checkScheduleWhen({ dailyAt: "03:00" })).not.toThrow();
  });
});
