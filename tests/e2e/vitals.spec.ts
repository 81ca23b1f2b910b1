import { expect, test } from "./fixtures";

test("a real visit sends its Core Web Vitals to /api/vitals when the page is hidden", async ({ page }) => {
  // Content pages (hydrate: false) carry no script yet; the blog is a hydrated page.
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The vitals chunk loads after hydration; wait until it has run before leaving.
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/assets/vitals.client")));
  await page.mouse.click(5, 300); // an interaction, for INP
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/vitals") && r.method() === "POST");
  // What the browser does when the visitor switches tab or leaves: the page becomes hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
  const body = JSON.parse((await beacon).postData() ?? "{}");
  expect(body.page).toBe("/blog");
  const names = body.metrics.map((m: { name: string }) => m.name);
  expect(names).toEqual(expect.arrayContaining(["TTFB", "FCP"]));
  for (const m of body.metrics) expect(m.value).toBeGreaterThanOrEqual(0);
});
