import type { Locator, Page } from "@playwright/test";
import { adminApi } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, startOwnServer, test } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 51 in Chromium: the suppression list in the Subscribers section (an address added by hand, a
 * bounced one shown with its reason, one removed), at 375 and 1280 px, axe clean. Its own server.
 */
let server: TestServer;
test.describe.configure({ mode: "serial", timeout: scaled(300_000) });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const fresh = await startOwnServer({ env: { SEED_DEMO: "false" } });
  server = await seedAndRestart(
    fresh,
    `insert into mail_suppressions (email_hash, email, reason, source, created_at) values ('seeded-hash-1', 'bounced.reader.with.a.long.address@deliverability-e2e.example', 'bounce', 'smtp', now() - interval '2 days');`,
    { env: { SEED_DEMO: "false" } },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  const { cookie } = await adminApi(server);
  const at = cookie!.indexOf("=");
  await page.context().addCookies([{ name: cookie!.slice(0, at), value: cookie!.slice(at + 1), url: server.url }]);
}

async function shoot(page: Page, name: string, target: Locator) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await target.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} fits ${width} px`).toBe(true);
  }
}

test("the suppression list: read, added to and removed from", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(`${server.url}/admin/subscribers`);
  const section = page.getByRole("region", { name: "Suppression list" });
  await expect(section).toBeVisible();
  const list = section.getByRole("list", { name: "Suppressed addresses" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("Bounced · since");

  await section.getByLabel("E-mail address").fill("not an address");
  await section.getByRole("button", { name: "Suppress" }).click();
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await section.getByLabel("E-mail address").fill("asked.to.stop@deliverability-e2e.example");
  await section.getByRole("button", { name: "Suppress" }).click();
  await expect(page.locator("li.toast").getByText("Address suppressed", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("asked.to.stop@deliverability-e2e.example");
  await expect(list.getByRole("listitem").first()).toContainText("Added by an administrator");

  await shoot(page, "suppression-list", section);
  expect(await axeViolations(page)).toEqual([]);

  page.once("dialog", (dialog) => void dialog.accept());
  await list.getByRole("button", { name: "Remove asked.to.stop@deliverability-e2e.example" }).click();
  await expect(page.locator("li.toast").getByText("Removed from the suppression list", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
});
