import type { Page } from "@playwright/test";
import { axeViolations, expect, signInThroughForm, test, openSection } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("li.toast").getByText(text, { exact: true });

test("the Integrations tab makes a key shown once, that reads the Content API, and revokes it", async ({ page }, testInfo) => {
  const name = `Starter ${Date.now().toString(36)}`;
  await signInThroughForm(page);
  await openSection(page, "Integrations");
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(page.getByText("Name the integration")).toBeVisible();
  await page.getByLabel("Integration name").fill(name);
  await page.getByRole("button", { name: "Add integration" }).click();
  await expect(toast(page, "Integration added")).toBeVisible();
  const key = (await page.getByLabel("Content API key").textContent())!;
  expect(key).toMatch(/^[0-9a-f]{26}$/);
  expect((await page.request.get(`/ghost/api/content/posts/?key=${key}`)).status()).toBe(200);
  const row = page.getByRole("region", { name: "Keys" }).getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(`Key ending ${key.slice(-4)}`);
  // After a reload the key is not shown again, and its use shows.
  await page.reload();
  await openSection(page, "Integrations");
  await expect(row).toContainText("last used");
  await expect(page.getByText(key)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`integrations-${width}.png`), fullPage: true });
  }

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(toast(page, "Integration revoked")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/ghost/api/content/posts/?key=${key}`)).status()).toBe(401);
});
