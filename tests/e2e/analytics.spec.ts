import type { Browser, Page } from "@playwright/test";
import { adminApi } from "../support/api";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, startOwnServer, test } from "./fixtures";

/**
 * Issue 32's "Done when", in Chromium, on a server of its own (exact counts): visits from ChatGPT, Google and a
 * campaign link, an App Store press and a sent contact form appear in the API and the Audience tab; a
 * crawler, a prefetch and a Sec-GPC visit do not; the same visitor twice counts once; no cookie is set.
 */
const CHROME = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`;

async function visit(browser: Browser, server: TestServer, n: number, path: string, options: { referer?: string; headers?: Record<string, string>; userAgent?: string } = {}) {
  const context = await browser.newContext({ userAgent: options.userAgent ?? CHROME(n), extraHTTPHeaders: options.headers });
  const page = await context.newPage();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/analytics") && r.method() === "POST");
  await page.goto(`${server.url}${path}`, { referer: options.referer });
  await sent;
  return { page, context };
}

const cookiesOf = async (page: Page) => (await page.context().cookies()).length;

test("visits, goals and exclusions reach the Audience tab with exact counts, and no public page sets a cookie", async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer({ env: { SEED_DEMO: "false" } });
  try {
    await visit(browser, server, 1, "/faq", { referer: "https://chatgpt.com/" });
    const google = await visit(browser, server, 2, "/", { referer: "https://www.google.com/" });
    // The App Store button (target=_blank): one goal event.
    const goal = google.page.waitForRequest((r) => r.url().endsWith("/api/analytics") && (r.postData() ?? "").includes("app-store"));
    await google.page.getByRole("link", { name: /App Store/ }).first().click();
    await goal;
    const campaign = await visit(browser, server, 3, "/about?utm_source=newsletter&utm_medium=email&utm_campaign=launch");
    // The same visitor again the same day: a second page view, not a second visitor.
    await campaign.page.goto(`${server.url}/about?utm_source=newsletter&utm_medium=email&utm_campaign=launch`);
    // Not counted: a crawler's user agent, a prefetch, Global Privacy Control.
    await visit(browser, server, 4, "/faq", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", referer: "https://chatgpt.com/" });
    await visit(browser, server, 5, "/faq", { headers: { "sec-purpose": "prefetch" }, referer: "https://chatgpt.com/" });
    await visit(browser, server, 6, "/faq", { headers: { "sec-gpc": "1" }, referer: "https://chatgpt.com/" });
    // A direct visit to the contact page (the form's goal is counted by the server: tests/integration/analytics.test.ts).
    const form = (await browser.newContext({ userAgent: CHROME(7) })).newPage();
    const contact = await form;
    await contact.goto(`${server.url}/contact`);
    for (const ctx of browser.contexts()) expect(await ctx.cookies(), "no cookie on a public page").toEqual([]);
    await contact.context().close();

    const admin = await adminApi(server);
    const day = new Date().toISOString().slice(0, 10);
    let report: Record<string, unknown> = {};
    await expect
      .poll(async () => {
        report = (await (await admin.get(`/api/admin/analytics?from=${day}&to=${day}`)).json()) as Record<string, unknown>;
        return report.pageviews;
      })
      .toBe(5);
    expect(report.visitors).toBe(4);
    expect(report.sources).toEqual([
      { name: "ChatGPT", kind: "ai", visitors: 1 },
      { name: "Direct", kind: "direct", visitors: 1 },
      { name: "E-mail", kind: "email", visitors: 1 },
      { name: "Google", kind: "search", visitors: 1 },
    ]);
    expect(report.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1 }]);
    expect((report.goals as Array<{ name: string; count: number }>).find((g) => g.name === "app-store")?.count).toBe(1);

    // The Audience tab shows the same figures; screenshots at 375 and 1280 px.
    const tab = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = [admin.cookie!.slice(0, admin.cookie!.indexOf("=")), admin.cookie!.slice(admin.cookie!.indexOf("=") + 1)];
    await tab.addCookies([{ name, value, url: server.url }]);
    const page = await tab.newPage();
    await page.goto(`${server.url}/admin?tab=audience`);
    await page.getByRole("tab", { name: "Audience" }).click();
    await page.getByRole("button", { name: "Today" }).click();
    await expect(page.getByTestId("audience-pageviews")).toHaveText("5");
    await expect(page.getByTestId("audience-visitors")).toHaveText("4");
    await expect(page.getByRole("cell", { name: "ChatGPT" })).toBeVisible();
    await expect(page.getByText(/Not counted: crawlers/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/audience-1280.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "test-results/audience-375.png", fullPage: true });
    expect(await cookiesOf(page)).toBeGreaterThan(0); // the admin's own session cookie, on /admin only
  } finally {
    await server.stop();
  }
});
