import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, signInThroughForm, startOwnServer, test, openSection } from "./fixtures";

/**
 * Issue 50, part A, in Chromium at 375 and 1280 px, on a server of its own with the stores configured: a
 * visit landing with a campaign keeps it for the tab and presses both store buttons on another page, and
 * the stores are asked with it (their hosts answered here, so nothing leaves the machine); a computer's
 * screen shows the QR code of /get beside the buttons and a phone's neither shows nor downloads it; /get's
 * page and the app links in Integrations; axe on each page.
 */
const env = {
  SEED_DEMO: "false",
  APP_STORE_ID: "6740000000",
  APP_STORE_PROVIDER_TOKEN: "118993254",
  GOOGLE_PLAY_PACKAGE: "app.clink.android",
};
const STORE_HOSTS = /^https:\/\/(apps\.apple\.com|play\.google\.com)\//;

let server: TestServer;
test.beforeAll(async () => {
  server = await startOwnServer({ env });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A context whose store addresses are answered here: each one asked is kept. */
async function visitor(
  browser: Browser,
  width: number,
): Promise<{ context: BrowserContext; page: Page; asked: string[]; qrRequests: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const asked: string[] = [];
  await context.route(STORE_HOSTS, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Store</title><p>Store" });
  });
  const page = await context.newPage();
  const qrRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/get/qr.svg")) qrRequests.push(request.url());
  });
  return { context, page, asked, qrRequests };
}

/** Presses a store button (it opens a new tab) and gives the address the store was asked for. */
async function press(page: Page, context: BrowserContext, asked: string[], name: RegExp): Promise<URL> {
  const before = asked.length;
  const popup = context.waitForEvent("page");
  await page.getByRole("link", { name }).first().click();
  await (await popup).close();
  await expect.poll(() => asked.length).toBeGreaterThan(before);
  return new URL(asked.at(-1)!);
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a visit landing with a campaign presses both store buttons and the stores get it`, async ({
    browser,
  }, testInfo) => {
    const { context, page, asked, qrRequests } = await visitor(browser, width);
    try {
      await page.goto(`${server.url}/?utm_source=tiktok&utm_campaign=launch`);
      // Once the page's script has run, the links are the visit's.
      await expect(page.getByRole("link", { name: /App Store/ }).first()).toHaveAttribute("href", /[?&]ct=launch\.home(&|$)/);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`home-${width}.png`) });

      // Another page of the same visit (no campaign in its address): the campaign was kept for the tab.
      await page.goto(`${server.url}/social-drinking-app`);
      // The contract: once the page's script has run (a press before it gets the page's own link, which carries the page).
      await expect(page.getByRole("link", { name: /Google Play/ }).first()).toHaveAttribute("href", /utm_campaign%3Dlaunch/);
      const apple = await press(page, context, asked, /App Store/);
      expect(apple.origin + apple.pathname).toBe("https://apps.apple.com/app/apple-store/id6740000000");
      expect(Object.fromEntries(apple.searchParams)).toEqual({ pt: "118993254", ct: "launch.social-drinking-app", mt: "8" });
      const play = await press(page, context, asked, /Google Play/);
      expect(play.origin + play.pathname).toBe("https://play.google.com/store/apps/details");
      expect(play.searchParams.get("id")).toBe("app.clink.android");
      expect(Object.fromEntries(new URLSearchParams(play.searchParams.get("referrer")!))).toEqual({
        utm_source: "tiktok",
        utm_medium: "referral",
        utm_campaign: "launch",
        utm_content: "/social-drinking-app",
      });
      expect(await axeViolations(page)).toEqual([]);

      // The QR code of /get with the visit's campaign: a computer's screen shows it, a phone's neither shows nor loads it.
      const qr = page.locator("img[data-install-qr]").first();
      if (width >= 1024) {
        await expect(qr).toBeVisible();
        await expect(qr).toHaveAttribute("src", "/get/qr.svg?c=launch");
        await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      } else {
        await expect(qr).toBeHidden();
        await expect(page.locator("img[data-install-qr]:visible")).toHaveCount(0);
        await page.waitForLoadState("load");
        expect(qrRequests).toEqual([]);
      }
      await page.screenshot({ path: testInfo.outputPath(`social-drinking-app-${width}.png`), fullPage: true });
      // No cookie, whatever was kept.
      expect(await context.cookies()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test(`at ${width} px, /get on a computer shows both buttons and its QR code`, async ({ browser }, testInfo) => {
    const { context, page, asked } = await visitor(browser, width);
    try {
      await page.goto(`${server.url}/get?c=poster&city=Sydney`);
      await expect(page.getByRole("heading", { level: 1, name: "Get Clink on your phone" })).toBeVisible();
      await expect(page.getByRole("img", { name: /^QR code of http.*\/get\?c=poster&city=Sydney$/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // Its links carry /get's own campaign and city, made for this request: the page's script leaves them (it ran: the page view went).
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem("clink.install"))).not.toBeNull();
      await expect(page.getByRole("link", { name: /App Store/ })).toHaveAttribute("href", /[?&]ct=poster\.get\.sydney(&|$)/);
      await page.screenshot({ path: testInfo.outputPath(`get-${width}.png`), fullPage: true });
      const apple = await press(page, context, asked, /App Store/);
      expect(apple.searchParams.get("ct")).toBe("poster.get.sydney");
    } finally {
      await context.close();
    }
  });
}

test("app links are set in the Integrations section and served at once", async ({ page }, testInfo) => {
  await signInThroughForm(page, undefined, `${server.url}/admin`);
  await openSection(page, "Integrations");
  const section = page.getByRole("region", { name: "App links" });
  await section.getByLabel("Team id").fill("ABC");
  await section.getByRole("button", { name: "Save app links" }).click();
  await expect(section.getByText(/^apple\.teamId must be 10/)).toBeVisible();
  await section.getByLabel("Team id").fill("ABCDE12345");
  await section.getByLabel("Bundle id").fill("app.clink.ios");
  await section.getByLabel(/Paths the app opens/).fill("/blog/*\n/venue-map");
  await section.getByRole("button", { name: "Save app links" }).click();
  await expect(page.locator("li.toast").getByText("App links saved", { exact: true })).toBeVisible();
  const aasa = await page.request.get(`${server.url}/.well-known/apple-app-site-association`);
  expect(await aasa.json()).toEqual({
    applinks: { details: [{ appIDs: ["ABCDE12345.app.clink.ios"], components: [{ "/": "/blog/*" }, { "/": "/venue-map" }] }] },
  });
  expect((await page.request.get(`${server.url}/.well-known/assetlinks.json`)).status()).toBe(404);
  await expect(page.getByRole("region", { name: "Store links" }).getByRole("cell", { name: "6740000000", exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`app-links-${width}.png`), fullPage: true });
  }
});
