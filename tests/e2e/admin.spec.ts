import { startTestServer } from "../support/test-server";
import { axeViolations, expect, signInThroughForm, test, TEST_ADMIN } from "./fixtures";
import type { Page } from "@playwright/test";

const unique = () => `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createSubmission(page: Page, subject: string) {
  const res = await page.request.post("/api/contact", {
    data: { name: "E2E Visitor", email: "visitor@example.com", subject, message: "Could we host a meetup at your venue?", inquiryType: "press" },
  });
  expect(res.ok()).toBe(true);
}

const toast = (page: Page, text: string) => page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

test("sign-in toasts, resolving a submission persists across a reload, logout toasts", async ({ page }) => {
  const subject = `Press question ${unique()}`;
  await createSubmission(page, subject);
  await signInThroughForm(page);
  await expect(toast(page, "Admin login successful")).toBeVisible();

  const card = page.getByRole("article", { name: subject });
  await expect(card).toContainText("Press & Media");
  await expect(card).toContainText("Not specified");
  await expect(card.getByRole("link", { name: "visitor@example.com" })).toHaveAttribute("href", "mailto:visitor@example.com");

  await card.getByRole("button", { name: "Mark as Resolved" }).click();
  await expect(toast(page, "Status updated")).toBeVisible();
  await expect(card.getByRole("button", { name: "Mark as Unresolved" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article", { name: subject }).getByRole("button", { name: "Mark as Unresolved" })).toBeVisible();
  // It now shows under Resolved, not under Unresolved.
  await page.getByRole("tab", { name: /^Unresolved \(\d+\)$/ }).click();
  await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
  await page.getByRole("tab", { name: /^Resolved \(\d+\)$/ }).click();
  await page.getByRole("article", { name: subject }).getByRole("button", { name: "Mark as Unresolved" }).click();
  await expect(toast(page, "Status updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article", { name: subject }).getByRole("button", { name: "Mark as Resolved" })).toBeVisible();
  // The audit trail shows it.
  await expect(page.getByRole("region", { name: "Recent activity" })).toContainText(`Reopened "${subject}"`);

  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged out")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("an expired session says so and signing in again keeps what was on screen", async ({ page, context }) => {
  const subject = `Expiring ${unique()}`;
  await createSubmission(page, subject);
  await signInThroughForm(page);
  const card = page.getByRole("article", { name: subject });
  await expect(card).toBeVisible();
  await context.clearCookies(); // the server no longer knows this browser
  await card.getByRole("button", { name: "Mark as Resolved" }).click();
  const dialog = page.getByRole("dialog", { name: "Session expired" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Your session has expired");
  await dialog.getByLabel("Email").fill(TEST_ADMIN.email);
  await dialog.getByLabel("Password").fill(TEST_ADMIN.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole("button", { name: "Mark as Resolved" }).click();
  await expect(toast(page, "Status updated")).toBeVisible();
});

test("the password can be changed (at least 12 characters) and the new one signs in", async ({ page }) => {
  // Its own server: a password change ends the admin's other sessions, which would disturb
  // the other spec files that share the suite's server.
  const server = await startTestServer();
  try {
    const changeTo = async (current: string, next: string) => {
      const form = page.getByRole("region", { name: "Change password" });
      await form.getByLabel("Current password").fill(current);
      await form.getByLabel("New password").fill(next);
      await form.getByRole("button", { name: "Change password" }).click();
    };
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    await changeTo(TEST_ADMIN.password, "too short");
    await expect(page.getByText("New password must be at least 12 characters")).toBeVisible();
    await changeTo("not the password", "a brand new passphrase");
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await changeTo(TEST_ADMIN.password, "a brand new passphrase");
    await expect(toast(page, "Password changed")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Login failed: Invalid email or password");
    await page.getByLabel("Password").fill("a brand new passphrase");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("Changed the password");
  } finally {
    await server.stop();
  }
});
