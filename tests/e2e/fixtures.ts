import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { adminApi } from "../support/api";
import { TEST_ADMIN } from "../support/test-server";

/** Every e2e test imports `test` from here: it points the browser at the server global-setup started. */
export const test = base.extend<{ adminPage: Page }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(process.env.E2E_BASE_URL);
  },
  /** A page whose browser is signed in as the admin (through the API, so the test starts where it means to). */
  adminPage: async ({ page, context, baseURL }, provide) => {
    const { cookie } = await adminApi({ url: baseURL! });
    const at = cookie!.indexOf("=");
    await context.addCookies([{ name: cookie!.slice(0, at), value: cookie!.slice(at + 1), url: baseURL! }]);
    await provide(page);
  },
});
export { expect, TEST_ADMIN };

/** Runs axe-core against WCAG 2.2 A/AA rules and returns the violations (expect it to be []). */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}

export async function signInThroughForm(page: Page, credentials = TEST_ADMIN) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated>), for tests of client navigation. */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}
