import type { Page } from "@playwright/test";
import { adminApi } from "../support/api";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, openSection, startOwnServer, test } from "./fixtures";

/**
 * Issue 50 (part B) in Chromium, on a server of its own (exact counts): a funnel defined in the Analytics
 * section (name, steps added, set and moved) and read as a table of bars, at 1280 and 375 px, axe clean; and
 * "What it brought" with its CSV link. The visits are beacons, each visitor from an address of its own. Issue 49:
 * the funnel chosen and its filters are the section's address, so a reload shows the same figures.
 */
const agent = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`;

async function beacons(server: TestServer, who: number, bodies: Array<Record<string, string>>) {
  for (const body of bodies) {
    const res = await fetch(`${server.url}/api/analytics`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": agent(who), "x-forwarded-for": `203.0.113.${who}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
  }
}

/** Fills the funnel form: its name and each step (a page path, or a goal's label), adding steps past the first two. */
async function defineFunnel(page: Page, name: string, steps: Array<{ page: string } | { goal: string }>) {
  const form = page.getByRole("form", { name: "New funnel" });
  if (!(await form.isVisible())) await page.getByText("Define a funnel").click();
  await form.getByLabel("Funnel name").fill(name);
  for (const [i, step] of steps.entries()) {
    if (i >= 2) await form.getByRole("button", { name: "Add a step" }).click();
    const kind = form.getByLabel(`Kind of step ${i + 1}`);
    if ("page" in step) {
      await kind.selectOption("page");
      await form.getByLabel(`Page of step ${i + 1}`).fill(step.page);
    } else {
      await kind.selectOption("goal");
      await form.getByLabel(`Goal of step ${i + 1}`).selectOption({ label: step.goal });
    }
  }
  await form.getByRole("button", { name: "Save funnel" }).click();
  await expect(page.locator("li.toast").getByText("Funnel saved", { exact: true })).toBeVisible();
}

const figures = (page: Page) => page.getByTestId("funnel-figures").getByRole("row");

test("a funnel is defined and read in the Analytics section at 1280 and 375 px, beside what the store buttons brought", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startOwnServer({ env: { SEED_DEMO: "false", TRUST_PROXY: "loopback" } });
  try {
    await beacons(server, 1, [
      { path: "/", utm_source: "tiktok", utm_campaign: "launch", screen: "mobile" },
      { path: "/faq", ref: new URL(server.url).host },
      { path: "/faq", goal: "app-store", city: "Sydney" },
    ]);
    await beacons(server, 2, [{ path: "/" }]);
    await beacons(server, 3, [{ path: "/faq" }, { path: "/", ref: new URL(server.url).host }]);

    const admin = await adminApi(server);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const at = admin.cookie!.indexOf("=");
    await context.addCookies([{ name: admin.cookie!.slice(0, at), value: admin.cookie!.slice(at + 1), url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await openSection(page, "Analytics");
    await page.getByRole("button", { name: "Today" }).click();

    // What it brought: the App Store press with the visit's source, campaign, landing page and city.
    const brought = page.getByRole("region", { name: "What it brought", exact: true });
    await expect(brought.getByRole("row", { name: "iOS App Store button TikTok launch / Sydney 1 1" })).toBeVisible();
    await expect(brought.getByRole("link", { name: "Download as CSV" })).toHaveAttribute(
      "href",
      /\/api\/admin\/analytics\/brought\.csv\?from=\d{4}-\d\d-\d\d&to=/,
    );

    // No funnel yet: the form is open. Defined at 1280 px, steps 2 and 3 swapped back into order.
    await expect(page.getByText("No funnel yet: define one below.")).toBeVisible();
    await defineFunnel(page, "Home, FAQ, App Store", [{ page: "/" }, { goal: "App Store" }, { page: "/faq" }]);
    await expect(figures(page)).toHaveCount(4);
    await expect(figures(page).nth(1)).toContainText("1. /");
    await expect(figures(page).nth(2)).toContainText("2. App Store");
    // (Defined in the wrong order on purpose: read, then define it again with the steps moved.)
    await expect(figures(page).nth(1).getByRole("cell")).toHaveText(["3", "–", "100.0%", "–"]);
    await expect(figures(page).nth(2).getByRole("cell")).toHaveText(["1", "2", "33.3%", "33.3%"]);
    await expect(figures(page).nth(3).getByRole("cell")).toHaveText(["0", "1", "0.0%", "0.0%"]); // the FAQ came before the press
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete the funnel Home, FAQ, App Store" }).click();
    await expect(page.locator("li.toast").getByText("Funnel deleted", { exact: true })).toBeVisible();

    const form = page.getByRole("form", { name: "New funnel" });
    await form.getByLabel("Funnel name").fill("Home, FAQ, App Store");
    await form.getByLabel("Kind of step 1").selectOption("page");
    await form.getByLabel("Page of step 1").fill("/");
    await form.getByLabel("Kind of step 2").selectOption("goal");
    await form.getByLabel("Goal of step 2").selectOption({ label: "App Store" });
    await form.getByRole("button", { name: "Add a step" }).click();
    await form.getByLabel("Page of step 3").fill("/faq");
    await form.getByRole("button", { name: "Move step 3 up" }).click();
    await expect(form.getByLabel("Page of step 2")).toHaveValue("/faq");
    await form.screenshot({ path: "test-results/funnel-form-1280.png" });
    await form.getByRole("button", { name: "Save funnel" }).click();
    await expect(page.getByRole("combobox", { name: "Funnel" })).toHaveValue(/\d+/);
    // The new funnel is the address's (beside the range), and the only one listed.
    await expect(page).toHaveURL(/[?&]from=.*[?&]funnel=\d+/);
    const second = new URL(page.url()).searchParams.get("funnel")!;
    await expect(page.getByRole("combobox", { name: "Funnel" })).toHaveValue(second);
    await expect(figures(page).nth(1).getByRole("cell")).toHaveText(["3", "–", "100.0%", "–"]);
    await expect(figures(page).nth(2).getByRole("cell")).toHaveText(["1", "2", "33.3%", "33.3%"]); // 3 saw the FAQ before home
    await expect(figures(page).nth(3).getByRole("cell")).toHaveText(["1", "0", "33.3%", "100.0%"]);
    // Filtered by device: visitor 1 alone came on a phone.
    await page.getByRole("form", { name: "Funnel filters" }).getByLabel("Device").selectOption("mobile");
    await page.getByRole("form", { name: "Funnel filters" }).getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]device=mobile(&|$)/);
    await expect(figures(page).nth(1).getByRole("cell")).toHaveText(["1", "–", "100.0%", "–"]);
    // A reload of that address: the same funnel, filter and figures.
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Funnel" })).toHaveValue(second);
    await expect(page.getByRole("form", { name: "Funnel filters" }).getByLabel("Device")).toHaveValue("mobile");
    await expect(figures(page).nth(1).getByRole("cell")).toHaveText(["1", "–", "100.0%", "–"]);
    await page.getByRole("form", { name: "Funnel filters" }).getByLabel("Device").selectOption("");
    await page.getByRole("form", { name: "Funnel filters" }).getByRole("button", { name: "Filter" }).click();
    await expect(page).not.toHaveURL(/device=/);
    await expect(figures(page).nth(1).getByRole("cell")).toHaveText(["3", "–", "100.0%", "–"]);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator("#funnels-heading").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/funnels-1280.png", fullPage: true });
    await page.locator("section[aria-labelledby=funnels-heading]").screenshot({ path: "test-results/funnels-section-1280.png" });
    await brought.screenshot({ path: "test-results/brought-1280.png" });

    // At 375 px: another funnel defined (two steps) and read; the first still listed.
    await page.setViewportSize({ width: 375, height: 800 });
    await defineFunnel(page, "FAQ then home", [{ page: "/faq" }, { page: "/" }]);
    // (On a phone each step is a card: its label, its bar, and the four figures.)
    const cards = page.getByTestId("funnel-step");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).locator("p")).toHaveText("1. /faq");
    await expect(cards.nth(0).locator("dd")).toHaveText(["2", "–", "100.0%", "–"]);
    await expect(cards.nth(1).locator("dd")).toHaveText(["1", "1", "50.0%", "50.0%"]); // 3 went home after the FAQ, 1 before it
    await expect(page.getByTestId("brought-row")).toHaveText([
      "iOS, App Store buttonSourceTikTokCampaignlaunchLanding page/CitySydneyCount1Visitors1",
    ]);
    await expect(page.getByRole("combobox", { name: "Funnel" }).getByRole("option")).toHaveText(["FAQ then home", "Home, FAQ, App Store"]);
    // Choosing the other funnel changes the address and the figures; a reload of it shows that funnel again.
    await expect(page).not.toHaveURL(new RegExp(`[?&]funnel=${second}(&|$)`));
    await page.getByRole("combobox", { name: "Funnel" }).selectOption({ label: "Home, FAQ, App Store" });
    await expect(page).toHaveURL(new RegExp(`[?&]funnel=${second}(&|$)`));
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(2).locator("dd")).toHaveText(["1", "0", "33.3%", "100.0%"]);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Funnel" })).toHaveValue(second);
    await expect(cards.nth(2).locator("dd")).toHaveText(["1", "0", "33.3%", "100.0%"]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/funnels-375.png", fullPage: true });
    await page.locator("section[aria-labelledby=funnels-heading]").screenshot({ path: "test-results/funnels-section-375.png" });
    await brought.screenshot({ path: "test-results/brought-375.png" });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  } finally {
    await server.stop();
  }
});
