import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import { adminApi } from "../support/api";
import { opsTarget, runOps } from "../support/ops";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, startOwnServer, test, openSection } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 32's "Done when", in Chromium, on a server of its own (exact counts): visits from ChatGPT, Google and a
 * campaign link, an App Store press and a sent contact form appear in the API and the Analytics section; a
 * crawler, a prefetch and a Sec-GPC visit do not; the same visitor twice counts once; no cookie is set; a
 * backup taken afterwards holds no address and no user agent the visits sent. Each visitor comes from an
 * address of its own (X-Forwarded-For, the server trusting the loopback proxy), to look for in the backup.
 */
const ADDRESS = (n: number) => `203.0.113.${100 + n}`;
const CHROME = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`;

async function visit(
  browser: Browser,
  server: TestServer,
  n: number,
  path: string,
  options: { referer?: string; headers?: Record<string, string>; userAgent?: string } = {},
) {
  const context = await browser.newContext({
    userAgent: options.userAgent ?? CHROME(n),
    extraHTTPHeaders: { "x-forwarded-for": ADDRESS(n), ...options.headers },
  });
  const page = await context.newPage();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/analytics") && r.method() === "POST");
  await page.goto(`${server.url}${path}`, { referer: options.referer });
  await sent;
  return { page, context };
}

const cookiesOf = async (page: Page) => (await page.context().cookies()).length;

test("visits, goals and exclusions reach the Analytics section with exact counts, and no public page sets a cookie", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } });
  try {
    await visit(browser, server, 1, "/faq", { referer: "https://chatgpt.com/" });
    const google = await visit(browser, server, 2, "/", { referer: "https://www.google.com/" });
    // The App Store button (target=_blank): one goal event.
    const goal = google.page.waitForRequest((r) => r.url().endsWith("/api/analytics") && (r.postData() ?? "").includes("app-store"));
    await google.page
      .getByRole("link", { name: /App Store/ })
      .first()
      .click();
    await goal;
    const campaign = await visit(browser, server, 3, "/about?utm_source=newsletter&utm_medium=email&utm_campaign=launch");
    // The same visitor again the same day: a second page view, not a second visitor.
    await campaign.page.goto(`${server.url}/about?utm_source=newsletter&utm_medium=email&utm_campaign=launch`);
    // Not counted: a crawler's user agent, a prefetch, Global Privacy Control.
    await visit(browser, server, 4, "/faq", {
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      referer: "https://chatgpt.com/",
    });
    await visit(browser, server, 5, "/faq", { headers: { "sec-purpose": "prefetch" }, referer: "https://chatgpt.com/" });
    await visit(browser, server, 6, "/faq", { headers: { "sec-gpc": "1" }, referer: "https://chatgpt.com/" });
    // A direct visit to the contact page, and its form sent: the contact goal (counted by the server).
    const contact = await visit(browser, server, 7, "/contact");
    const form = contact.page;
    await form.getByLabel("Name").fill("Kim");
    await form.getByLabel("Email", { exact: true }).fill("audience-goal@example.com");
    await form.getByLabel("Inquiry type").selectOption({ label: "Press & Media" });
    await form.getByLabel("Subject").fill("Counted as a goal");
    await form.getByLabel("Message", { exact: true }).fill("Does this count once?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.locator("li.toast").getByText("Message Sent", { exact: true })).toBeVisible({ timeout: scaled(30_000) });
    for (const ctx of browser.contexts()) expect(await ctx.cookies(), "no cookie on a public page").toEqual([]);
    await contact.context.close();

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
    const goals = report.goals as Array<{ name: string; count: number }>;
    expect(goals.find((g) => g.name === "app-store")?.count).toBe(1);
    await expect
      .poll(async () => ((await (await admin.get(`/api/admin/analytics?from=${day}&to=${day}`)).json()) as typeof report).goals)
      .toContainEqual({ name: "contact", count: 1 });

    // The Analytics section shows the same figures; screenshots at 375 and 1280 px.
    const tab = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = [admin.cookie!.slice(0, admin.cookie!.indexOf("=")), admin.cookie!.slice(admin.cookie!.indexOf("=") + 1)];
    await tab.addCookies([{ name, value, url: server.url }]);
    const page = await tab.newPage();
    await page.goto(`${server.url}/admin`);
    await openSection(page, "Analytics");
    await page.getByRole("button", { name: "Today" }).click();
    await expect(page.getByTestId("analytics-pageviews")).toHaveText("5");
    await expect(page.getByTestId("analytics-visitors")).toHaveText("4");
    // (A source names its row: FiguresTable makes the first column a row header.)
    await expect(page.getByRole("rowheader", { name: "ChatGPT" })).toBeVisible();
    const goalsTable = page.getByRole("region", { name: "Goals" });
    await expect(goalsTable.getByRole("row", { name: "Contact 1" })).toBeVisible();
    await expect(goalsTable.getByRole("row", { name: "App Store 1" })).toBeVisible();
    await expect(page.getByText(/Not counted: crawlers/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/audience-1280.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "test-results/audience-375.png", fullPage: true });
    expect(await cookiesOf(page)).toBeGreaterThan(0); // the admin's own session cookie, on /admin only

    // A backup taken afterwards: the counts are in it, no visitor's address or user agent is.
    const backup = await runOps(["backup"], opsTarget(server));
    expect(backup.code, backup.output).toBe(0);
    const text = gunzipSync(fs.readFileSync(backup.output.match(/Backup written: (\S+\.jsonl\.gz)/)![1]!)).toString("utf8");
    expect(text).toContain("analytics_daily");
    const holding = (needle: string) =>
      text
        .split("\n")
        .filter((line) => line.includes(needle))
        .map((line) => line.slice(0, 200));
    for (let n = 1; n <= 7; n++) {
      expect(holding(ADDRESS(n)), ADDRESS(n)).toEqual([]);
      expect(holding(CHROME(n)), CHROME(n)).toEqual([]);
    }
    expect(holding("Googlebot/2.1")).toEqual([]);
  } finally {
    await server.stop();
  }
});
