import type { Page } from "@playwright/test";
import { axeViolations, expect, signInThroughForm, test, openSection } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("li.toast").getByText(text, { exact: true });

test("the Webhooks tab adds an endpoint with its secret shown once, shows its log, fits 375 px, and removes it", async ({
  page,
}, testInfo) => {
  // A public address written as an IP (no DNS needed here); nothing is sent to it in this test.
  const url = `https://93.184.216.34/hooks/${Date.now().toString(36)}`;
  await signInThroughForm(page);
  await openSection(page, "Webhooks");
  await page.getByLabel("Endpoint address").fill("http://127.0.0.1:9/x");
  await page.getByRole("checkbox", { name: "post.published" }).check();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText(/loopback, private or link-local/).first()).toBeVisible();

  await page.getByLabel("Endpoint address").fill(url);
  await page.getByRole("checkbox", { name: "submission.created" }).check();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(toast(page, "Webhook added")).toBeVisible();
  const secret = (await page.getByLabel("Signing secret").textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  const row = page.getByRole("region", { name: "Endpoints" }).getByRole("listitem").filter({ hasText: url });
  await expect(row).toContainText("without personal data");
  await row.getByRole("button", { name: `Show log of ${url}` }).click();
  await expect(row.getByText("Nothing sent yet.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await openSection(page, "Webhooks");
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 900 });
  const region = page.getByRole("region", { name: "Endpoints" });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 375)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("webhooks-375.png"), fullPage: true });

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: `Remove ${url}` }).click();
  await expect(toast(page, "Webhook removed")).toBeVisible();
  await expect(row).toHaveCount(0);
});
