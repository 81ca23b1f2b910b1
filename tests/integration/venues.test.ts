import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { distanceMiles } from "~/venues/rules";
import { startTestServer, type TestServer } from "../support/test-server";
import { siteForSuite } from "../support/suite";
import { venueInput } from "../support/api";

let server: TestServer;
let cookie: string;
siteForSuite({ env: { SEED_DEMO: "true" } }, (site) => ({ server, cookie } = site));

type Venue = {
  id: number;
  city: string;
  name: string;
  type: string;
  lat: number;
  lng: number;
  happyHour: unknown;
  features: string[];
  image: string;
};
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) } });
const venues = async (query = ""): Promise<Venue[]> => (await get(`/api/venues${query}`)).json();

const valid = venueInput();

describe("GET /api/venues", () => {
  it("lists the seeded demo venues of five cities with every field", async () => {
    const all = await venues();
    const cities = new Set(all.map((v) => v.city));
    expect(cities).toEqual(new Set(["new-york", "los-angeles", "chicago", "san-francisco", "miami"]));
    for (const city of cities) expect(all.filter((v) => v.city === city).length).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map((v) => v.type))).toEqual(new Set(["bar", "restaurant", "club", "brewery", "rooftop", "lounge"]));
    expect(Object.keys(all[0]!).sort()).toEqual(
      [
        "id",
        "city",
        "name",
        "address",
        "lat",
        "lng",
        "type",
        "rating",
        "priceLevel",
        "openUntil",
        "happyHour",
        "features",
        "phone",
        "website",
        "image",
        "upcomingEvents",
        "activeUsers",
      ].sort(),
    );
  });

  it("filters by city and refuses an unknown one with 400", async () => {
    const miami = await venues("?city=miami");
    expect(miami.length).toBeGreaterThanOrEqual(8);
    expect(miami.every((v) => v.city === "miami")).toBe(true);
    const bad = await get("/api/venues?city=atlantis");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, message: expect.stringContaining("city must be one of") });
  });

  it("is cacheable: an ETag, 304 when unchanged, small when compressed", async () => {
    const res = await get("/api/venues", { "accept-encoding": "gzip" });
    expect(res.headers.get("cache-control")).toContain("public");
    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await get("/api/venues", { "if-none-match": etag })).status).toBe(304);
  });

  it("serves the venues' images from the site", async () => {
    const [first] = await venues("?city=new-york");
    const res = await get(first!.image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });
});

describe("/api/admin/venues", () => {
  it("refuses without an admin session (401) on every call", async () => {
    expect((await get("/api/admin/venues")).status).toBe(401);
    const post = await fetch(`${server.url}/api/admin/venues`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(post.status).toBe(401);
    const put = await fetch(`${server.url}/api/admin/venues/1`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hidden: true }),
    });
    expect(put.status).toBe(401);
    expect((await venues()).find((v) => v.id === 1)).toBeTruthy();
  });

  it("adds a venue that the public list then shows, audited", async () => {
    const res = await admin("/api/admin/venues", { method: "POST", body: JSON.stringify(valid) });
    expect(res.status).toBe(201);
    const { venue } = await res.json();
    expect(venue).toMatchObject({ name: valid.name, city: "chicago", rating: 4.3, hidden: false, happyHour: valid.happyHour });
    expect((await venues("?city=chicago")).map((v) => v.name)).toContain(valid.name);
    const dashboard = await (await admin("/admin", { headers: { accept: "text/html" } })).text();
    expect(dashboard).toContain(`Added venue &quot;${valid.name}&quot; (Chicago)`);
    const again = await admin("/api/admin/venues", { method: "POST", body: JSON.stringify(valid) });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, errors: { name: "A venue with this name already exists in this city" } });
  });

  it("answers 400 with a message per field to bad input, 415 to a non-JSON body, never a 500", async () => {
    for (const [change, field] of [
      [{ lat: 123 }, "lat"],
      [{ rating: "five" }, "rating"],
      [{ type: "speakeasy" }, "type"],
      [{ website: "javascript:alert(1)" }, "website"],
      [{ image: "javascript:alert(1)" }, "image"],
      [{ name: "" }, "name"],
      [{ happyHour: { days: [], times: "x", deals: [] } }, "happyHour"],
    ] as const) {
      const res = await admin("/api/admin/venues", { method: "POST", body: JSON.stringify({ ...valid, name: `Bad ${field}`, ...change }) });
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors), field).toContain(field);
    }
    expect((await admin("/api/admin/venues", { method: "POST", body: "{not json" })).status).toBe(400);
    expect((await admin("/api/admin/venues", { method: "POST", body: "x", headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await admin("/api/admin/venues/abc", { method: "PUT", body: JSON.stringify({ hidden: true }) })).status).toBe(404);
    expect((await admin("/api/admin/venues/999999", { method: "PUT", body: JSON.stringify({ hidden: true }) })).status).toBe(404);
    expect((await admin("/api/admin/venues/1", { method: "PUT", body: JSON.stringify({ hidden: "yes" }) })).status).toBe(400);
  });

  it("edits and hides a venue; hidden venues leave the public list but stay in the admin's", async () => {
    const created = await (
      await admin("/api/admin/venues", { method: "POST", body: JSON.stringify({ ...valid, name: "Edit Me Lounge" }) })
    ).json();
    const id = created.venue.id as number;
    const edited = await admin(`/api/admin/venues/${id}`, {
      method: "PUT",
      body: JSON.stringify({ ...valid, name: "Edited Lounge", happyHour: null, website: "" }),
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).venue).toMatchObject({ name: "Edited Lounge", happyHour: null, website: null });

    const hidden = await admin(`/api/admin/venues/${id}`, { method: "PUT", body: JSON.stringify({ hidden: true }) });
    expect((await hidden.json()).venue.hidden).toBe(true);
    expect((await venues()).some((v) => v.id === id)).toBe(false);
    const adminList = (await (await admin("/api/admin/venues")).json()) as { id: number; hidden: boolean }[];
    expect(adminList.find((v) => v.id === id)).toMatchObject({ hidden: true });
    const dashboard = await (await admin("/admin", { headers: { accept: "text/html" } })).text();
    expect(dashboard).toContain("Hid venue &quot;Edited Lounge&quot;");

    await admin(`/api/admin/venues/${id}`, { method: "PUT", body: JSON.stringify({ hidden: false }) });
    expect((await venues()).some((v) => v.id === id)).toBe(true);
  });
});

describe("/venue-map without JavaScript and /api/weather", () => {
  it("server-renders the default city's venue cards", async () => {
    const html = await (await get("/venue-map")).text();
    const ny = await venues("?city=new-york");
    // Each as a card's heading button (not only inside the page's data for hydration).
    const inRadius = ny.filter((v) => distanceMiles({ lat: 40.7589, lng: -73.9851 }, v) <= 2);
    expect(inRadius.length).toBeGreaterThanOrEqual(8);
    for (const v of inRadius) expect(html).toContain(`>${v.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}</button></h3>`);
    expect(html).not.toContain("Prairie Fire Brewing"); // a Chicago venue
  });

  it("opens on the city the address names (as the footer's popular cities link it)", async () => {
    const html = await (await get(`/venue-map?city=${encodeURIComponent("Chicago")}`)).text();
    expect(html).toContain("Prairie Fire Brewing");
    const ny = await venues("?city=new-york");
    for (const v of ny) expect(html).not.toContain(`>${v.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}</button></h3>`);
    // An unknown city falls back to the default one rather than failing.
    expect((await get("/venue-map?city=Atlantis")).status).toBe(200);
  });

  it("is kept by the front cache, one entry per city however named, and shows an admin's change at once", async () => {
    const page = (city: string) => get(`/venue-map?city=${encodeURIComponent(city)}`);
    await page("chicago");
    const again = await page("Chicago");
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toContain("Prairie Fire Brewing");

    const name = "Front Cache Tavern";
    const created = await (await admin("/api/admin/venues", { method: "POST", body: JSON.stringify({ ...valid, name }) })).json();
    const added = await page("chicago");
    expect(added.headers.get("x-cache")).toBe("MISS");
    expect(await added.text()).toContain(`>${name}</button></h3>`);

    await admin(`/api/admin/venues/${created.venue.id}`, { method: "PUT", body: JSON.stringify({ hidden: true }) });
    expect(await (await page("chicago")).text()).not.toContain(name);
  });

  it("answers simulated weather per city and 400 for an unknown city", async () => {
    const res = await get("/api/weather?city=miami");
    const body = await res.json();
    expect(body).toMatchObject({ city: "miami", source: "simulated" });
    expect(body.weather.temperature).toBeGreaterThanOrEqual(50);
    expect(body.weather.temperature).toBeLessThanOrEqual(79);
    expect((await get("/api/weather?city=nowhere")).status).toBe(400);
  });
});

describe("configured tiles and Open-Meteo", () => {
  it("allows exactly MAP_TILE_URL's host for images and uses Open-Meteo, falling back when it fails", async () => {
    let fail = false;
    const fake = http.createServer((req, res) => {
      if (fail) return req.socket.destroy();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ current: { temperature_2m: 73.4, precipitation: 0, weather_code: 0 } }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    const other = await startTestServer({
      env: {
        SEED_DEMO: "false",
        MAP_TILE_URL: "https://{s}.tiles.example.net/{z}/{x}/{y}.png",
        WEATHER_PROVIDER: "open-meteo",
        OPEN_METEO_URL: `http://127.0.0.1:${port}/v1/forecast`,
      },
    });
    try {
      const page = await fetch(`${other.url}/venue-map`);
      expect(page.headers.get("content-security-policy")).toContain("https://*.tiles.example.net");
      expect(await page.text()).toContain("tiles.example.net");
      const ok = await (await fetch(`${other.url}/api/weather?city=chicago`)).json();
      expect(ok).toEqual({ city: "chicago", source: "open-meteo", weather: { condition: "sunny", temperature: 73, precipitation: false } });
      fail = true;
      const fallback = await (await fetch(`${other.url}/api/weather?city=miami`)).json();
      expect(fallback.source).toBe("simulated");
      expect(other.output()).toContain("Weather data unavailable");
    } finally {
      await other.stop();
      fake.close();
    }
  });
});
