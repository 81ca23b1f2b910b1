import type { BrowserContext, Page } from "@playwright/test";
import { axeViolations, expect, test } from "./fixtures";

// Its tests share nothing but the suite's server: they spread over the workers instead of queueing in one
// (the file's tests one after another were the browser suite's last minutes).
test.describe.configure({ mode: "parallel" });

// Times Square, the spec's default centre; The Copper Lantern is a demo venue ~0.1 mi from it.
const CENTRE = { latitude: 40.7589, longitude: -73.9851 };
const COPPER_LANTERN = { latitude: 40.7601, longitude: -73.9841 };

/** No network in tests: tiles are refused at once, and everything else must still work. */
async function open(page: Page, context: BrowserContext, where: { latitude: number; longitude: number } | null = CENTRE) {
  if (where) {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation(where);
  }
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto("/venue-map");
  if (where) await expect(page.getByTestId("location-status")).toHaveText("Distances are measured from your location.");
}

const cards = (page: Page) => page.getByRole("region", { name: "Venues" }).getByRole("article");
const card = (page: Page, name: string) => page.getByRole("region", { name: "Venues" }).getByRole("article", { name });
const filter = (page: Page, label: string) =>
  page.getByRole("group", { name: "Filter venues" }).getByRole("button", { name: new RegExp(`^${label} \\(\\d+\\)$`) });

test("filters show their counts and narrow the cards; zero axe violations", async ({ page, context }) => {
  await open(page, context);
  await expect(page.getByRole("heading", { name: "8 venues in New York" })).toBeVisible();
  const expected: [string, number][] = [
    ["All Venues", 8],
    ["Bars", 2],
    ["Restaurants", 2],
    ["Clubs", 1],
    ["Breweries", 1],
    ["Rooftops", 1],
    ["Happy Hour", 6],
  ];
  for (const [label, count] of expected) await expect(filter(page, label)).toHaveText(`${label} (${count})`);
  await filter(page, "Bars").click();
  await expect(filter(page, "Bars")).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).getByText("Bar", { exact: true })).toHaveCount(2);
  await filter(page, "Happy Hour").click();
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).filter({ hasText: /Happy hour \d/ })).toHaveCount(6);
  await filter(page, "All Venues").click();
  await expect(cards(page)).toHaveCount(8);
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("the radius slider is held to 0.5-10 miles in steps of 0.5, by keyboard, and limits the venues", async ({ page, context }) => {
  await open(page, context);
  const slider = page.getByRole("slider", { name: "Radius" });
  await expect(slider).toHaveAttribute("min", "0.5");
  await expect(slider).toHaveAttribute("max", "10");
  await expect(slider).toHaveAttribute("step", "0.5");
  await expect(slider).toHaveValue("2");
  await expect(slider).toHaveAttribute("aria-valuetext", "2 miles");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "2.5 miles");
  await page.keyboard.press("End");
  await expect(slider).toHaveValue("10");
  await expect(page.getByRole("heading", { name: "9 venues in New York" })).toBeVisible(); // the Brooklyn brewery too
  await page.keyboard.press("Home");
  await expect(slider).toHaveValue("0.5");
  await expect(page.getByText("0.5 miles", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^[1-3] venues? in New York$/ })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveValue("0.5");
});

test("Nearby marks venues within 0.25 miles; travel times follow the mode and Directions open in that mode", async ({ page, context }) => {
  await open(page, context);
  await expect(card(page, "The Copper Lantern").getByText("Nearby", { exact: true })).toBeVisible();
  await expect(card(page, "Skyline Social Club").getByText("Nearby", { exact: true })).toBeVisible();
  await expect(cards(page).getByText("Nearby", { exact: true })).toHaveCount(2);
  await expect(page.getByText(/Checked in at/)).toHaveCount(0); // 0.1 mi is not yet a check-in

  const lantern = card(page, "The Copper Lantern");
  await expect(lantern).toContainText("0.1 mi · 2 min walk");
  for (const [button, mode, trip] of [
    ["Walk", "walking", "min walk"],
    ["Drive", "driving", "min drive"],
    ["Transit", "transit", "min by transit"],
  ] as const) {
    await page.getByRole("group", { name: "Travel mode" }).getByRole("button", { name: button }).click();
    await expect(lantern).toContainText(trip);
    const link = lantern.getByRole("link", { name: /Directions to The Copper Lantern/ });
    await expect(link).toHaveAttribute("target", "_blank");
    const url = new URL((await link.getAttribute("href"))!);
    expect(url.hostname).toBe("www.google.com");
    expect(url.searchParams.get("travelmode")).toBe(mode);
    expect(url.searchParams.get("destination")).toBe("40.7601,-73.9841");
  }
  await expect(lantern.getByRole("link", { name: "Call The Copper Lantern" })).toHaveAttribute("href", "tel:2125550110");
});

test("arriving at a venue checks in once and, with notifications on and allowed, welcomes the visitor", async ({ page, context }) => {
  await page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class FakeNotification {
      static permission: NotificationPermission = "default";
      static async requestPermission() {
        FakeNotification.permission = "granted";
        return "granted" as const;
      }
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
    }
    Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true });
  });
  await open(page, context);
  await page.getByRole("button", { name: "Notifications: Off" }).click();
  await expect(page.getByRole("button", { name: "Notifications: On" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("You will get a welcome notification when you check in at a venue.")).toBeVisible();

  await context.setGeolocation(COPPER_LANTERN);
  await expect(page.getByText("Checked in at The Copper Lantern")).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications))
    .toEqual([{ title: "Welcome to The Copper Lantern!", body: "4:00 PM - 7:00 PM" }]);
  // Never cleared: walking away keeps the badge.
  await context.setGeolocation(CENTRE);
  await expect(card(page, "The Copper Lantern")).toContainText("0.1 mi");
  await expect(page.getByText("Checked in at The Copper Lantern")).toBeVisible();
});

test("selecting a card opens the detail panel with every field; Details shows more; close clears the selection", async ({
  page,
  context,
}) => {
  await open(page, context);
  await card(page, "The Copper Lantern").getByRole("button", { name: "The Copper Lantern" }).click();
  const panel = page.getByTestId("venue-detail");
  await expect(panel.getByRole("heading", { name: "The Copper Lantern" })).toBeFocused();
  await expect(panel).toContainText("148 W 46th St, New York, NY");
  await expect(panel).toContainText("4.6 out of 5");
  await expect(panel).toContainText("Open until 2:00 AM");
  await expect(panel).toContainText("$$");
  await expect(panel).toContainText("$6 house cocktails");
  await expect(panel.getByRole("link", { name: "Call The Copper Lantern" })).toHaveAttribute("href", "tel:2125550110");
  await expect(panel.getByRole("link", { name: /Directions to The Copper Lantern/ })).toHaveAttribute("href", /travelmode=walking/);
  await expect(panel).not.toContainText("Private Booths"); // the fourth feature: only in Details
  await panel.getByRole("button", { name: "Details", exact: true }).click();
  await expect(panel).toContainText("Private Booths");
  await expect(panel).toContainText("3 upcoming events");
  await expect(panel.getByRole("link", { name: /Visit website/ })).toHaveAttribute(
    "href",
    "https://www.example.com/venues/the-copper-lantern",
  );
  // The map marks the selected venue.
  await expect(page.locator(".leaflet-marker-icon[data-venue-id] .venue-pin.is-selected")).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await panel.getByRole("button", { name: "Close venue details" }).click();
  await expect(panel).toHaveCount(0);
  await expect(card(page, "The Copper Lantern").getByRole("button", { name: "The Copper Lantern" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("map and cards highlight each other; a marker opens its venue", async ({ page, context }) => {
  await open(page, context, { latitude: 40.7589, longitude: -73.9851 });
  await page.getByRole("slider", { name: "Radius" }).fill("0.5"); // few venues: pins, not clusters
  const pin = page.getByRole("button", { name: "Skyline Social Club (map pin)" });
  await expect(pin).toBeVisible();
  await card(page, "Skyline Social Club").hover();
  await expect(pin.locator(".venue-pin")).toHaveClass(/is-highlighted/);
  await pin.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("venue-detail").getByRole("heading", { name: "Skyline Social Club" })).toBeVisible();
});

test("switching city shows that city's venues and moves the map there", async ({ page, context }) => {
  await open(page, context);
  const firstPin = await page.locator(".leaflet-marker-icon").first().getAttribute("style");
  await page.getByLabel("City").selectOption("chicago");
  await expect(page.getByRole("heading", { name: /^\d+ venues in Chicago$/ })).toBeVisible();
  await expect(card(page, "The Riveter's Rest")).toBeVisible();
  await expect(card(page, "The Copper Lantern")).toHaveCount(0);
  await expect(page.getByTestId("location-status")).toHaveText("Distances are measured from the Loop, Chicago.");
  await expect(page.getByTestId("temperature")).toContainText("°F");
  await expect.poll(() => page.locator(".leaflet-marker-icon").first().getAttribute("style")).not.toBe(firstPin);
  await page.getByRole("button", { name: "My Location" }).click();
  await expect(page.getByRole("heading", { name: "8 venues in New York" })).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("new-york");
});

test("without location access the page says so and measures from the default New York centre", async ({ page, context }) => {
  await context.clearPermissions(); // no geolocation permission: Chromium refuses, as for a visitor who says no
  await open(page, context, null);
  // Nothing is asked on load; My Location asks, and the refusal is said in words.
  await expect(page.getByTestId("location-status")).toHaveText("Distances are measured from Times Square, New York.");
  await page.getByRole("button", { name: "My Location" }).click();
  await expect(page.getByTestId("location-status")).toHaveText(
    "Location access was denied, so distances are measured from Times Square, New York, the default centre.",
  );
  await expect(page.getByRole("heading", { name: "8 venues in New York" })).toBeVisible();
  await expect(card(page, "The Copper Lantern")).toContainText("0.1 mi");
  await expect(card(page, "The Copper Lantern").getByText("Nearby", { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * A stand-in for navigator.geolocation that counts every request and answers as a visitor who allows
 * access would (Chromium without a grant refuses at once, and with one answers on load).
 */
function fakeGeolocation(page: Page, at: { latitude: number; longitude: number }) {
  return page.addInitScript((position) => {
    const calls: string[] = [];
    const watchers = new Map<number, PositionCallback>();
    const fix = (coords: { latitude: number; longitude: number }) =>
      ({ coords: { ...coords, accuracy: 10 }, timestamp: Date.now() }) as unknown as GeolocationPosition;
    let here = position;
    Object.assign(window, {
      geolocationCalls: calls,
      moveVisitor: (next: typeof position) => {
        here = next;
        for (const watcher of watchers.values()) watcher(fix(here));
      },
    });
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: {
        getCurrentPosition(success: PositionCallback) {
          calls.push("getCurrentPosition");
          setTimeout(() => success(fix(here)), 10);
        },
        watchPosition(success: PositionCallback) {
          calls.push("watchPosition");
          const id = watchers.size + 1;
          watchers.set(id, success);
          setTimeout(() => success(fix(here)), 10);
          return id;
        },
        clearWatch(id: number) {
          watchers.delete(id);
        },
      },
    });
  }, at);
}
const geolocationCalls = (page: Page) => page.evaluate(() => (window as unknown as { geolocationCalls: string[] }).geolocationCalls);

test("without a grant, no position is asked until My Location is pressed; then the map follows the visitor", async ({ page, context }) => {
  // The Loop, Chicago: following the visitor moves the explorer there.
  await fakeGeolocation(page, { latitude: 41.8827, longitude: -87.6233 });
  await open(page, context, null);
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(page.getByTestId("location-status")).toHaveText("Distances are measured from Times Square, New York.");
  // The first press on the explorer is not lost while it starts.
  await filter(page, "Bars").click();
  await expect(cards(page)).toHaveCount(2);
  await filter(page, "All Venues").click();
  await expect(cards(page)).toHaveCount(8);
  expect(await geolocationCalls(page)).toEqual([]);

  await page.getByRole("button", { name: "My Location" }).click();
  await expect(page.getByTestId("location-status")).toHaveText("Distances are measured from your location.");
  expect(await geolocationCalls(page)).toEqual(["watchPosition"]); // autoUpdate: watched, not read once
  await expect(page.getByRole("heading", { name: /^\d+ venues? in Chicago$/ })).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("chicago");
  await expect(page.getByTestId("venue-map").locator('path[fill="#2563eb"]')).toHaveCount(1); // the "You are here" dot
  await expect(card(page, "The Riveter's Rest")).toContainText("0.2 mi");
  // Walking north: the watch keeps the distances with the visitor.
  await page.evaluate(() =>
    (window as unknown as { moveVisitor: (at: object) => void }).moveVisitor({ latitude: 41.8927, longitude: -87.6233 }),
  );
  await expect(card(page, "The Riveter's Rest")).toContainText("0.5 mi");
  expect(await axeViolations(page)).toEqual([]);
});

test("a press made before the explorer has started is not lost: it is replayed once the explorer runs", async ({ page, context }) => {
  await open(page, context, null);
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
  // A bare click event (no pointer or focus before it), as assistive technology may send: it starts the
  // explorer, and is applied once the explorer runs.
  await filter(page, "Bars").dispatchEvent("click");
  await expect(filter(page, "Bars")).toHaveAttribute("aria-pressed", "true");
  await expect(cards(page)).toHaveCount(2);
});

test("before the explorer has started (no grant, nothing pressed yet), a pin chosen on the map opens its venue", async ({
  page,
  context,
}) => {
  await open(page, context, null);
  const pin = page.locator(".leaflet-marker-icon[data-venue-id]").first();
  await expect(pin).toBeVisible();
  const name = (await pin.getAttribute("title"))!.replace(/ \(map pin\)$/, "");
  await pin.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("venue-detail").getByRole("heading", { name })).toBeVisible();
});

test.describe("with location access granted before the visit", () => {
  test.use({ permissions: ["geolocation"], geolocation: COPPER_LANTERN });
  test("the explorer tracks the visitor at once, with no press", async ({ page }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto("/venue-map");
    await expect(page.getByTestId("location-status")).toHaveText("Distances are measured from your location.");
    await expect(page.getByText("Checked in at The Copper Lantern")).toBeVisible();
    await expect(card(page, "The Copper Lantern")).toContainText("0.0 mi");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the default city's venues are listed", async ({ page }) => {
    await page.goto("/venue-map");
    await expect(page.getByRole("heading", { name: "8 venues in New York" })).toBeVisible();
    await expect(cards(page)).toHaveCount(8);
    await expect(card(page, "The Copper Lantern").getByRole("link", { name: /Directions/ })).toBeVisible();
  });
});
