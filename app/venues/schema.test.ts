import { describe, expect, it } from "vitest";
import { DEMO_VENUES } from "./demo-venues";
import { distanceMiles } from "./rules";
import { CITIES, CITY_INFO, VENUE_TYPES, venueInputSchema, venueMessages } from "./schema";

describe("venue input", () => {
  const valid = DEMO_VENUES[0]!;
  it("accepts every demo venue", () => {
    for (const v of DEMO_VENUES) expect(venueInputSchema.safeParse(v).success).toBe(true);
  });
  it("refuses out-of-range and malformed fields with the field's message", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "x" }, "name", venueMessages.name],
      [{ lat: 91 }, "lat", venueMessages.lat],
      [{ lng: "east" }, "lng", venueMessages.lng],
      [{ rating: 5.1 }, "rating", venueMessages.rating],
      [{ priceLevel: "$$$$$" }, "priceLevel", venueMessages.priceLevel],
      [{ type: "pub" }, "type", venueMessages.type],
      [{ city: "boston" }, "city", venueMessages.city],
      [{ website: "javascript:alert(1)" }, "website", venueMessages.website],
      [{ image: "javascript:alert(1)" }, "image", venueMessages.image],
      [{ image: "//evil.example/x.png" }, "image", venueMessages.image],
      [{ activeUsers: -1 }, "activeUsers", venueMessages.count],
      [{ upcomingEvents: 1.5 }, "upcomingEvents", venueMessages.count],
      [{ happyHour: { days: [], times: "4-7 PM", deals: [] } }, "happyHour.days", venueMessages.happyHourDays],
    ];
    for (const [change, path, message] of cases) {
      const result = venueInputSchema.safeParse({ ...valid, ...change });
      expect(result.success, path).toBe(false);
      expect(result.error?.issues[0]?.path.join("."), path).toBe(path);
      expect(result.error?.issues[0]?.message, path).toBe(message);
    }
  });
  it("treats an empty website as none", () => {
    expect(venueInputSchema.parse({ ...valid, website: "" }).website).toBeNull();
  });
});

describe("demo venues", () => {
  it("has at least eight per city, every type in every city, clearly fictional contacts", () => {
    for (const city of CITIES) {
      const list = DEMO_VENUES.filter((v) => v.city === city);
      expect(list.length, city).toBeGreaterThanOrEqual(8);
      expect(new Set(list.map((v) => v.type)), city).toEqual(new Set(VENUE_TYPES));
      for (const v of list) expect(distanceMiles(CITY_INFO[city].centre, v), v.name).toBeLessThan(15);
    }
    for (const v of DEMO_VENUES) {
      expect(v.phone).toMatch(/555-01\d\d$/);
      if (v.website) expect(new URL(v.website).hostname).toBe("www.example.com");
    }
  });
  it("has happy hours, Indoor and Outdoor Seating venues, and two New York venues within 0.25 miles of the default centre", () => {
    expect(DEMO_VENUES.some((v) => v.happyHour)).toBe(true);
    expect(DEMO_VENUES.some((v) => !v.happyHour)).toBe(true);
    expect(DEMO_VENUES.some((v) => v.features.includes("Indoor"))).toBe(true);
    expect(DEMO_VENUES.some((v) => v.features.includes("Outdoor Seating"))).toBe(true);
    const near = DEMO_VENUES.filter((v) => v.city === "new-york" && distanceMiles({ lat: 40.7589, lng: -73.9851 }, v) <= 0.25);
    expect(near.length).toBeGreaterThanOrEqual(2);
  });
  it("has unique names per city", () => {
    const keys = DEMO_VENUES.map((v) => `${v.city}/${v.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
