import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** What the browser does when the visitor switches tab or leaves: the page becomes hidden. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
}

test("a real visit sends its Core Web Vitals to /api/vitals when the page is hidden", async ({ page }) => {
  // A hydrated page (/contact; the blog's pages load no framework): the vitals chunk is imported after hydration.
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The vitals chunk loads after hydration; wait until it has run before leaving.
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/vitals")));
  await page.mouse.click(5, 300); // an interaction, for INP
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/vitals") && r.method() === "POST");
  await hide(page);
  const body = JSON.parse((await beacon).postData() ?? "{}");
  expect(body.page).toBe("/contact");
  const names = body.metrics.map((m: { name: string }) => m.name);
  expect(names).toEqual(expect.arrayContaining(["TTFB", "FCP"]));
  for (const m of body.metrics) expect(m.value).toBeGreaterThanOrEqual(0);
});

test("a page without React (a content page) reports its vitals too, from one small script", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const script = page.locator('script[src*="/assets/vitals-beacon"]');
  await expect(script).toHaveCount(1);
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/vitals-beacon")));
  await page.mouse.click(5, 300);
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/vitals") && r.method() === "POST");
  await hide(page);
  const body = JSON.parse((await beacon).postData() ?? "{}");
  expect(body.page).toBe("/about");
  expect(body.metrics.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(["TTFB", "FCP"]));
});
