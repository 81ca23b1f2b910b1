import { describe, expect, it } from "vitest";
import { retentionCutoffs } from "./retention";

describe("retention cut-offs", () => {
  const now = new Date("2026-08-31T10:00:00Z");
  const cut = retentionCutoffs(now, 18, 7);

  it("counts months on the calendar, clamping to a shorter month's last day", () => {
    expect(cut.resolvedSubmissions.toISOString()).toBe("2025-02-28T10:00:00.000Z");
    expect(retentionCutoffs(new Date("2026-01-15T00:00:00Z"), 1, 7).resolvedSubmissions.toISOString()).toBe("2025-12-15T00:00:00.000Z");
  });

  it("keeps delivered mail 30 days, crawler visits 90, vitals 28 and expired requests 7", () => {
    const days = (d: Date) => (now.getTime() - d.getTime()) / 86_400_000;
    expect(days(cut.deliveredMail)).toBe(30);
    expect(days(cut.crawlerVisits)).toBe(90);
    expect(days(cut.webVitals)).toBe(28);
    expect(days(cut.erasedDeletionRequests)).toBe(7);
    expect(days(cut.errors)).toBe(30);
    expect(cut.expiredNow).toEqual(now);
  });
});
