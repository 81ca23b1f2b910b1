import type { Page, Route } from "@playwright/test";
import { axeViolations, expect, test } from "./fixtures";
import { scaled } from "./time-limits";

/** Holds both dashboard GETs until both have been sent: if they were sent one after the other, this never releases. */
async function holdUntilBothSent(page: Page) {
  const held: Route[] = [];
  let release!: () => void;
  const bothSent = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/(crawler-stats|ai-indexing-status)$/, async (route) => {
    held.push(route);
    if (new Set(held.map((r) => new URL(r.request().url()).pathname)).size === 2) release();
    await bothSent;
    await route.continue();
  });
  return {
    bothSent,
    stop: () => page.unroute(/\/api\/(crawler-stats|ai-indexing-status)$/),
  };
}

test.describe("the AI admin", () => {
  test("is for the admin only and linked from the admin dashboard", async ({ page, adminPage }) => {
    const anonymous = await page.context().browser()!.newContext();
    const stranger = await anonymous.newPage();
    await stranger.goto(`${process.env.E2E_BASE_URL}/ai-admin`);
    await expect(stranger).toHaveURL(/\/admin/);
    await anonymous.close();
    await adminPage.goto("/admin");
    await adminPage.getByRole("link", { name: "AI Discoverability" }).click();
    await expect(adminPage.getByRole("heading", { name: "AI Discoverability Dashboard" })).toBeVisible();
    // The admin's own frame, like /admin: no public navigation or footer, a way back to the site.
    await expect(adminPage.getByRole("navigation", { name: "Main", exact: true })).toHaveCount(0);
    await expect(adminPage.getByRole("banner").getByRole("link", { name: "View site" })).toBeVisible();
  });

  test("loads both GETs together behind a spinner, and shows the four tabs with zero axe violations", async ({ adminPage: page }) => {
    const hold = await holdUntilBothSent(page);
    await page.goto("/ai-admin");
    await expect(page.getByRole("status").filter({ hasText: "Loading discoverability data" })).toContainText(
      "Loading discoverability data...",
    );
    await hold.bothSent;
    // The first wait after the held answers are let go: both are computed then (crawler statistics over the
    // whole log), which on a loaded 2-core machine can take longer than expect's 7 s.
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true", { timeout: scaled(30_000) });
    await expect(page.getByText("Total pages")).toBeVisible();
    await expect(page.getByText("AI-optimised pages")).toBeVisible();
    await expect(page.getByText("Core Web Vitals", { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Crawlers" }).click();
    await expect(page.getByRole("row", { name: /GPTBot/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Crawler visits per day/ })).toBeVisible();
    await page.getByText("Show the figures as a table").click();
    await expect(page.getByRole("table", { name: /Crawler visits per day/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Indexing" }).click();
    await expect(page.getByText(/\/sitemap\.xml$/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "AI training contexts" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Submission" }).click();
    await expect(page.getByText("Google Search Console")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Refresh Data sends both again, together.
    await page.getByRole("tab", { name: "Overview" }).click();
    await hold.stop();
    const again = await holdUntilBothSent(page);
    await page.getByRole("button", { name: "Refresh Data" }).click();
    await again.bothSent;
    await expect(page.getByRole("button", { name: "Refresh Data" })).toBeEnabled();
  });

  test("View Sitemap and AI Sitemap open the files", async ({ adminPage: page }) => {
    await page.goto("/ai-admin");
    await expect(page.getByRole("link", { name: /View Sitemap/ })).toHaveAttribute("href", "/sitemap.xml");
    await expect(page.getByRole("link", { name: /AI Sitemap/ })).toHaveAttribute("href", "/ai-sitemap.xml");
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: /View Sitemap/ }).click()]);
    await popup.waitForLoadState();
    expect(await popup.content()).toContain("urlset");
  });

  test("copies a verification URL with the spec's toast", async ({ adminPage: page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/ai-admin");
    await page.getByRole("tab", { name: "Indexing" }).click();
    await page.getByRole("button", { name: /Copy .*\/robots\.txt/ }).click();
    await expect(page.getByText("Copied", { exact: true })).toBeVisible();
    await expect(page.getByText("URL copied to clipboard", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/robots\.txt$/);
  });

  test("Submit Sitemaps shows each engine's result, says Success, and fetches the data again", async ({ adminPage: page }) => {
    await page.route("**/api/submit-sitemap", (route) =>
      route.fulfill({ json: { submissions: { main_sitemap: [{ engine: "IndexNow (api.indexnow.org)", success: true }] } } }),
    );
    await page.goto("/ai-admin");
    await expect(page.getByText("Total pages")).toBeVisible();
    const refetched = page.waitForRequest((r) => r.url().endsWith("/api/crawler-stats"));
    await page.getByRole("button", { name: "Submit Sitemaps" }).click();
    await expect(page.getByText("Sitemaps submitted to search engines", { exact: true })).toBeVisible();
    await refetched;
    await expect(page.getByRole("tab", { name: "Submission" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("listitem").filter({ hasText: "IndexNow (api.indexnow.org)" })).toContainText("Success");
  });

  test("a refused submission shows Failed and the error toast", async ({ adminPage: page }) => {
    await page.route("**/api/submit-sitemap", (route) =>
      route.fulfill({ json: { submissions: { main_sitemap: [{ engine: "IndexNow (api.indexnow.org)", success: false }] } } }),
    );
    await page.goto("/ai-admin");
    await page.getByRole("button", { name: "Submit Sitemaps" }).click();
    await expect(page.getByText("Failed to submit sitemaps", { exact: true })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "IndexNow (api.indexnow.org)" })).toContainText("Failed");
    await page.unroute("**/api/submit-sitemap");
    await page.route("**/api/submit-sitemap", (route) => route.fulfill({ status: 500, json: { success: false, message: "boom" } }));
    await page.getByRole("button", { name: "Submit Sitemaps" }).click();
    await expect(page.getByText("Failed to submit sitemaps", { exact: true })).toBeVisible();
  });

  test("a failed load says so with the spec's toast", async ({ adminPage: page }) => {
    await page.route("**/api/crawler-stats", (route) => route.fulfill({ status: 500, json: { success: false, message: "down" } }));
    await page.goto("/ai-admin");
    await expect(page.getByText("Failed to load data", { exact: true })).toBeVisible();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
  });
});

test("the footer links every landing page and the venue explorer's cities", async ({ page }) => {
  await page.goto("/about");
  const explore = page.getByRole("navigation", { name: "Explore" });
  for (const name of ["IRL Meetups", "Social Drinking App", "Happy Hour", "Meetups", "Dating", "Venue Map"]) {
    await expect(explore.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const cities = page.getByRole("navigation", { name: "Popular cities" });
  await expect(cities.getByRole("link", { name: /New York/ })).toHaveAttribute("href", "/venue-map?city=New%20York");
  await expect(cities.getByRole("link")).toHaveCount(5);
});
