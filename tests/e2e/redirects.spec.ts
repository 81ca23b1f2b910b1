import type { Page } from "@playwright/test";
import { adminApi } from "../support/api";
import { axeViolations, expect, hydrated, signInThroughForm, startOwnServer, test, openSection } from "./fixtures";
import { scaled } from "./time-limits";

const toast = (page: Page, text: string) => page.locator("li.toast").getByText(text, { exact: true });

test("the Redirects tab adds a rule that answers, shows its hits, imports a CSV, and deletes; fits 375 px with zero axe violations", async ({
  page,
}, testInfo) => {
  const id = Date.now().toString(36);
  const from = `/e2e-old-${id}`;
  await signInThroughForm(page);
  await openSection(page, "Redirects");
  const section = page.getByRole("region", { name: "Rules" });

  // The shared schema answers in the page before any request.
  await section.getByLabel("Old address").fill("no-slash");
  await section.getByRole("button", { name: "Add redirect" }).click();
  await expect(section.getByText("The address to redirect is a path starting with /, such as /old-page")).toBeVisible();
  await expect(section.getByLabel("Old address")).toHaveAttribute("aria-invalid", "true");

  await section.getByLabel("Old address").fill(from);
  await section.getByLabel("New address").fill("/about");
  await section.getByRole("button", { name: "Add redirect" }).click();
  await expect(toast(page, "Redirect added")).toBeVisible();
  const row = section.getByRole("listitem").filter({ hasText: from });
  await expect(row).toContainText("0 hits");

  // The server names a loop.
  await section.getByLabel("Old address").fill("/about");
  await section.getByLabel("New address").fill(from);
  await section.getByRole("button", { name: "Add redirect" }).click();
  await expect(section.getByText(`This rule would make a loop: /about -> ${from} -> /about`)).toBeVisible();

  const answer = await page.request.get(from, { maxRedirects: 0 });
  expect([answer.status(), answer.headers()["location"]]).toEqual([301, "/about"]);

  await page.getByLabel("File to import (CSV or redirects.json)").setInputFiles({
    name: "rules.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`from,to,status\n/e2e-csv-${id},/faq,302\nbad,/x,301\n`),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported 1, skipped 1")).toBeVisible();
  await expect(page.getByText("Line 3: The address to redirect is a path starting with /, such as /old-page")).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: `/e2e-csv-${id}` })).toBeVisible();

  // Hits are written in batches, a second after the first waits (later when the database is busy): the count
  // is awaited where it is stored, then the tab must show it.
  const hitsOf = async () => {
    const { redirects } = (await (await page.request.get("/api/admin/redirects")).json()) as {
      redirects: Array<{ from: string; hits: number }>;
    };
    return redirects.find((rule) => rule.from === from)?.hits;
  };
  await expect.poll(hitsOf, { timeout: scaled(10_000) }).toBe(1);
  await page.reload();
  await openSection(page, "Redirects");
  await expect(row).toContainText(/1 hit\b/);
  await expect(row).toContainText("last ");

  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${width} px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`redirects-${width}.png`), fullPage: true });
  }

  for (const address of [from, `/e2e-csv-${id}`]) {
    page.once("dialog", (dialog) => void dialog.accept());
    await section.getByRole("button", { name: `Delete the redirect of ${address}` }).click();
    await expect(section.getByRole("listitem").filter({ hasText: address })).toHaveCount(0);
  }
  expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(404);
});

test("a link the router follows to an address a rule redirects ends on the rule's target, without reloading the page", async ({ page }) => {
  // A site of its own: the rule sends a page every test may visit elsewhere.
  const server = await startOwnServer();
  try {
    const admin = await adminApi(server);
    expect((await admin.call("POST", "/api/admin/redirects", { from: "/faq", to: "/about", status: 301 })).status).toBe(201);
    // The deletion link's page is one of the hydrated public pages: its footer links are React Router links.
    await page.goto(`${server.url}/delete-my-data/verify`);
    await hydrated(page);
    // Gone after a full page load: still there proves React Router navigated in the page.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const dataAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === "/faq.data");
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
    const answer = await dataAnswer;
    expect([answer.status(), answer.headers()["x-remix-redirect"], answer.headers()["x-remix-status"]]).toEqual([204, "/about", "301"]);
    await expect(page).toHaveURL(`${server.url}/about`);
    await expect(page.getByRole("heading", { level: 1, name: "About Clink" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  } finally {
    await server.stop();
  }
});
