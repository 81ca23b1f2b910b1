import { describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOfNumber, daysAfter, daysBefore, daysBetween, daysOf, monthsBefore, utcDay } from "./utc-days";

describe("UTC days", () => {
  it("names an instant's UTC day whatever the hour", () => {
    expect(utcDay(new Date("2026-03-01T23:59:59.999Z"))).toBe("2026-03-01");
    expect(utcDay(Date.parse("2026-03-02T00:00:00Z"))).toBe("2026-03-02");
  });

  it("adds days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysOf("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("numbers days from 1970-01-01 both ways", () => {
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayOfNumber(dayNumber("2026-11-27"))).toBe("2026-11-27");
  });

  it("counts whole days back, and calendar months clamped to a shorter month's last day", () => {
    const now = new Date("2026-08-31T10:00:00Z");
    expect(daysBefore(now, 30).toISOString()).toBe("2026-08-01T10:00:00.000Z");
    expect(daysAfter(now, 30).toISOString()).toBe("2026-09-30T10:00:00.000Z");
    expect(monthsBefore(now, 18).toISOString()).toBe("2025-02-28T10:00:00.000Z");
  });
});
