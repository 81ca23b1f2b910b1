import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildExplorerView,
  CHECK_IN_MILES,
  checkInNotification,
  clampRadius,
  directionsUrl,
  distanceMiles,
  EARTH_RADIUS_MILES,
  formatDistance,
  formatTravel,
  GEOLOCATION_OPTIONS,
  isNearby,
  isRecommended,
  matchesFilter,
  nearbyRecheckDue,
  nearbyVenueIds,
  nearestCity,
  nextCheckIn,
  outsideBox,
  RADIUS,
  telHref,
  travelMinutes,
  type ExplorerState,
} from "./rules";
import { CITY_INFO, type Venue } from "./schema";

const centre = CITY_INFO["new-york"].centre;
/** A point `miles` north of `from` (1° of latitude = 3959·π/180 miles on this sphere). */
const north = (from: { lat: number; lng: number }, miles: number) => ({
  lat: from.lat + miles / ((EARTH_RADIUS_MILES * Math.PI) / 180),
  lng: from.lng,
});

let nextId = 1;
const venue = (over: Partial<Venue> = {}): Venue => ({
  id: nextId++,
  city: "new-york",
  name: "Test Venue",
  address: "1 Test St",
  ...centre,
  type: "bar",
  rating: 4.5,
  priceLevel: "$$",
  openUntil: "2:00 AM",
  happyHour: null,
  features: [],
  phone: "(212) 555-0100",
  website: null,
  image: "/images/venues/bar-1.webp",
  upcomingEvents: 0,
  activeUsers: 0,
  ...over,
});

describe("distanceMiles (haversine, R = 3959 mi)", () => {
  it("is zero for the same point and symmetric", () => {
    expect(distanceMiles(centre, centre)).toBe(0);
    const la = CITY_INFO["los-angeles"].centre;
    expect(distanceMiles(centre, la)).toBeCloseTo(distanceMiles(la, centre), 9);
  });
  it("gives one degree of latitude as 3959·π/180 miles", () => {
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3959 * Math.PI) / 180, 9);
  });
  it("matches a known city pair (New York to Los Angeles about 2,450 mi)", () => {
    expect(distanceMiles(centre, CITY_INFO["los-angeles"].centre)).toBeGreaterThan(2430);
    expect(distanceMiles(centre, CITY_INFO["los-angeles"].centre)).toBeLessThan(2470);
  });
  it("handles antipodes without NaN", () => {
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(3959 * Math.PI, 6);
  });
  it("obeys the triangle inequality", () => {
    const point = fc.record({ lat: fc.double({ min: -89, max: 89, noNaN: true }), lng: fc.double({ min: -179, max: 179, noNaN: true }) });
    fc.assert(fc.property(point, point, point, (a, b, c) => distanceMiles(a, c) <= distanceMiles(a, b) + distanceMiles(b, c) + 1e-6));
  });
});

describe("travelMinutes (20, 3, 8 min per mile, rounded up)", () => {
  it("rounds up per mode", () => {
    expect(travelMinutes(1, "walking")).toBe(20);
    expect(travelMinutes(1, "driving")).toBe(3);
    expect(travelMinutes(1, "transit")).toBe(8);
    expect(travelMinutes(0.31, "walking")).toBe(7); // 6.2 -> 7
    expect(travelMinutes(0.1, "driving")).toBe(1); // 0.3 -> 1
    expect(travelMinutes(2.01, "transit")).toBe(17); // 16.08 -> 17
  });
  it("is 0 at the door and does not add a minute for float noise", () => {
    expect(travelMinutes(0, "walking")).toBe(0);
    expect(travelMinutes(0.15, "walking")).toBe(3); // 0.15*20 = 3.0000000000000004
    expect(travelMinutes(0.35, "walking")).toBe(7);
  });
});

describe("radius", () => {
  it("holds 0.5-10 in steps of 0.5, default 2", () => {
    expect(RADIUS).toEqual({ min: 0.5, max: 10, step: 0.5, default: 2 });
    expect(clampRadius(0)).toBe(0.5);
    expect(clampRadius(-3)).toBe(0.5);
    expect(clampRadius(11)).toBe(10);
    expect(clampRadius(2.3)).toBe(2.5);
    expect(clampRadius(2.2)).toBe(2);
    expect(clampRadius(Number.NaN)).toBe(2);
  });
  it("limits the list to venues within the radius (the edge included)", () => {
    const inside = venue({ ...north(centre, 1.99) });
    const edge = venue({ ...north(centre, 2) });
    const outside = venue({ ...north(centre, 2.01) });
    const state: ExplorerState = {
      origin: centre,
      radius: 2,
      filter: "all",
      transportMode: "walking",
      weather: null,
      nearbyIds: new Set(),
    };
    const ids = buildExplorerView([outside, edge, inside], state).shown.map((v) => v.venue.id);
    expect(ids).toEqual([inside.id, edge.id]);
  });
});

describe("Nearby (0.25 mi, rechecked every 30 s)", () => {
  it("includes 0.25 miles and excludes beyond", () => {
    expect(isNearby(0.25)).toBe(true);
    expect(isNearby(0.2501)).toBe(false);
    const near = venue({ ...north(centre, 0.2) });
    const far = venue({ ...north(centre, 0.3) });
    expect([...nearbyVenueIds([near, far], centre)]).toEqual([near.id]);
    expect(nearbyVenueIds([near], null).size).toBe(0);
  });
  it("is due at first and then every 30 seconds", () => {
    expect(nearbyRecheckDue(null, 0)).toBe(true);
    expect(nearbyRecheckDue(1000, 30_999)).toBe(false);
    expect(nearbyRecheckDue(1000, 31_000)).toBe(true);
  });
});

describe("check-in (0.06 mi, never cleared)", () => {
  const close = venue({ name: "Close", ...north(centre, 0.05) });
  const closer = venue({ name: "Closer", ...north(centre, 0.01) });
  const away = venue({ name: "Away", ...north(centre, 0.07) });
  it("checks in at the closest venue within 0.06 miles", () => {
    expect(nextCheckIn(null, [close, closer, away], centre)).toBe(closer);
    expect(nextCheckIn(null, [away], centre)).toBeNull();
    expect(nextCheckIn(null, [venue({ ...north(centre, CHECK_IN_MILES - 1e-6) })], centre)).not.toBeNull();
    expect(nextCheckIn(null, [close], null)).toBeNull();
  });
  it("keeps the first check-in whatever happens next", () => {
    const first = nextCheckIn(null, [close], centre);
    expect(nextCheckIn(first, [closer], centre)).toBe(close);
    expect(nextCheckIn(first, [], north(centre, 50))).toBe(close);
    expect(nextCheckIn(first, [], null)).toBe(close);
  });
  it("notifies with the happy hour times or a welcome", () => {
    expect(checkInNotification({ name: "The Copper Lantern", happyHour: null })).toEqual({
      title: "Welcome to The Copper Lantern!",
      body: "Enjoy your visit!",
    });
    expect(checkInNotification({ name: "X", happyHour: { days: ["Monday"], times: "4:00 PM - 7:00 PM", deals: [] } }).body).toBe(
      "4:00 PM - 7:00 PM",
    );
  });
});

describe("Recommended", () => {
  const rain = { condition: "rainy", temperature: 60, precipitation: true } as const;
  const dry = { condition: "sunny", temperature: 60, precipitation: false } as const;
  it("rain and Indoor", () => {
    expect(isRecommended({ type: "bar", features: ["Indoor"] }, rain)).toBe(true);
    expect(isRecommended({ type: "bar", features: ["Indoor"] }, dry)).toBe(false);
  });
  it("dry and Outdoor Seating", () => {
    expect(isRecommended({ type: "bar", features: ["Outdoor Seating"] }, dry)).toBe(true);
    expect(isRecommended({ type: "bar", features: ["Outdoor Seating"] }, rain)).toBe(false);
  });
  it("above 70 °F on a rooftop, rain or not (70 itself is not above)", () => {
    expect(isRecommended({ type: "rooftop", features: [] }, { ...rain, temperature: 71 })).toBe(true);
    expect(isRecommended({ type: "rooftop", features: [] }, { ...dry, temperature: 70 })).toBe(false);
    expect(isRecommended({ type: "bar", features: [] }, { ...dry, temperature: 79 })).toBe(false);
  });
  it("nothing without weather", () => {
    expect(isRecommended({ type: "rooftop", features: ["Indoor", "Outdoor Seating"] }, null)).toBe(false);
  });
});

describe("filters and counts", () => {
  const hh = { days: ["Friday"], times: "5-7 PM", deals: [] };
  const list = [
    venue({ type: "bar", happyHour: hh }),
    venue({ type: "bar" }),
    venue({ type: "restaurant" }),
    venue({ type: "club", happyHour: hh }),
    venue({ type: "brewery" }),
    venue({ type: "rooftop" }),
    venue({ type: "lounge", happyHour: hh }),
    venue({ type: "bar", ...north(centre, 5) }), // outside the radius: counted nowhere
  ];
  const state: ExplorerState = { origin: centre, radius: 2, filter: "all", transportMode: "walking", weather: null, nearbyIds: new Set() };
  it("counts each filter over the venues in the radius", () => {
    expect(buildExplorerView(list, state).counts).toEqual({
      all: 7,
      bar: 2,
      restaurant: 1,
      club: 1,
      brewery: 1,
      rooftop: 1,
      "happy-hour": 3,
    });
  });
  it("shows only the chosen type or the happy-hour venues", () => {
    expect(buildExplorerView(list, { ...state, filter: "bar" }).shown).toHaveLength(2);
    expect(
      buildExplorerView(list, { ...state, filter: "happy-hour" })
        .shown.map((v) => v.venue.type)
        .sort(),
    ).toEqual(["bar", "club", "lounge"]);
    expect(matchesFilter(list[6]!, "all")).toBe(true);
    expect(matchesFilter(list[6]!, "bar")).toBe(false);
  });
  it("sorts nearest first and fills distance, travel time and badges", () => {
    const a = venue({ ...north(centre, 1), features: ["Indoor"] });
    const b = venue({ ...north(centre, 0.1) });
    const view = buildExplorerView([a, b], {
      ...state,
      transportMode: "transit",
      weather: { condition: "rainy", temperature: 55, precipitation: true },
      nearbyIds: new Set([b.id]),
    });
    expect(view.shown.map((v) => v.venue.id)).toEqual([b.id, a.id]);
    expect(view.shown[1]).toMatchObject({ travelMinutes: 8, recommended: true, nearby: false });
    expect(view.shown[0]).toMatchObject({ travelMinutes: 1, recommended: false, nearby: true });
  });
});

describe("links, formats and location", () => {
  it("directions per mode", () => {
    for (const mode of ["walking", "driving", "transit"] as const) {
      const url = new URL(directionsUrl({ lat: 40.76, lng: -73.98 }, mode));
      expect(url.origin).toBe("https://www.google.com");
      expect(url.searchParams.get("destination")).toBe("40.76,-73.98");
      expect(url.searchParams.get("travelmode")).toBe(mode);
    }
  });
  it("tel links keep digits and +", () => {
    expect(telHref("(212) 555-0110")).toBe("tel:2125550110");
    expect(telHref("+1 212 555 0110")).toBe("tel:+12125550110");
  });
  it("formats", () => {
    expect(formatDistance(0.123)).toBe("0.1 mi");
    expect(formatDistance(12.4)).toBe("12 mi");
    expect(formatTravel(7, "walking")).toBe("7 min walk");
    expect(formatTravel(2, "transit")).toBe("2 min by transit");
  });
  it("watches with high accuracy, maximum age 30 s, timeout 10 s", () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, maximumAge: 30_000, timeout: 10_000 });
  });
  it("finds the nearest city", () => {
    const centres = Object.fromEntries(Object.entries(CITY_INFO).map(([k, v]) => [k, v.centre]));
    expect(nearestCity({ lat: 41.9, lng: -87.6 }, centres)).toBe("chicago");
    expect(nearestCity({ lat: 25.8, lng: -80.2 }, centres)).toBe("miami");
  });
});

describe("outsideBox (the quick pre-check before the haversine)", () => {
  it("never rules out a point within the distance, anywhere on the globe", () => {
    const point = fc.record({ lat: fc.double({ min: -85, max: 85, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(point, point, fc.double({ min: 0.01, max: 10, noNaN: true }), (a, b, miles) => {
        if (distanceMiles(a, b) <= miles) return !outsideBox(a, miles)(b);
        return true;
      }),
    );
    // Points just inside the radius in each direction, across the date line too.
    for (const from of [centre, { lat: 0, lng: 179.999 }, { lat: -60, lng: -179.99 }]) {
      const test = outsideBox(from, 2);
      for (const [dLat, dLng] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const lat = from.lat + (dLat * 1.99) / ((3959 * Math.PI) / 180);
        const lng = from.lng + (dLng * 1.99) / (((3959 * Math.PI) / 180) * Math.cos((from.lat * Math.PI) / 180));
        const p = { lat, lng: ((lng + 540) % 360) - 180 };
        expect(distanceMiles(from, p)).toBeLessThanOrEqual(2);
        expect(test(p)).toBe(false);
      }
    }
  });
  it("rules out far points", () => {
    expect(outsideBox(centre, 2)(north(centre, 3))).toBe(true);
    expect(outsideBox(centre, 2)({ lat: centre.lat, lng: centre.lng + 0.1 })).toBe(true);
  });
});
