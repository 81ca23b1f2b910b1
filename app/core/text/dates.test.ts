import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, isTimeZone } from "./dates";

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
});
