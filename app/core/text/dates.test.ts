import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isTimeZone, wallClock } from "./dates";

describe("dates", () => {
  it("writes a date the spec's way, in UTC whatever the clock's zone", () => {
    expect(formatDate("2025-01-05T23:30:00Z")).toBe("January 5, 2025");
    expect(formatDate(new Date("2025-12-31T00:00:00Z"))).toBe("December 31, 2025");
  });

  it("writes a date and time with the year", () => {
    expect(formatDateTime("2025-01-05T12:00:00Z")).toMatch(/Jan \d+, 2025, \d+:\d\d\s?[AP]M/);
  });

  it("knows the IANA zones this runtime knows, and no others", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("reads the wall clock of a zone, summer time included, midnight as hour 0", () => {
    // Paris is UTC+2 in summer and UTC+1 in winter; New York was at 23:59:58 on 31 Dec 2025 at this instant.
    expect(wallClock(new Date("2026-07-01T22:30:15Z"), "Europe/Paris")).toEqual({
      year: 2026,
      month: 7,
      day: 2,
      hour: 0,
      minute: 30,
      second: 15,
    });
    expect(wallClock(Date.parse("2026-01-01T04:59:58Z"), "America/New_York")).toEqual({
      year: 2025,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
      second: 58,
    });
    // The same zone again answers from the kept formatter, with the same result for a winter instant.
    expect(wallClock(new Date("2026-01-15T12:00:00Z"), "Europe/Paris").hour).toBe(13);
    expect(() => wallClock(0, "Mars/Olympus")).toThrow(RangeError);
  });
});
