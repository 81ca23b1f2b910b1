import type { Page } from "@playwright/test";
import { axeViolations, expect, startOwnServer, test, TEST_ADMIN } from "./fixtures";
import { freePort } from "../support/free-port";

/**
 * Passkeys in Chromium with a virtual authenticator (CDP WebAuthn): registered from the security
 * page, then the second step of a password sign-in, then a sign-in with no password at all.
 * A server of its own, at http://localhost:PORT: WebAuthn's relying party is SITE_URL's host, and the
 * page must be on it.
 */

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test("a passkey registered from the security page is a second factor and signs in without a password", async ({ page, context }) => {
  const port = await freePort();
  const site = `http://localhost:${port}`;
  const server = await startOwnServer({ env: { PORT: String(port), SITE_URL: site } });
  try {
    await addVirtualAuthenticator(page);
    await page.goto(`${site}/admin`);
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    await page.getByRole("link", { name: "Security", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "Sign-in security" })).toBeVisible();
    await page.getByLabel("Name for this passkey").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Test laptop")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Signed out: the password now leads to a second step, which the passkey answers.
    await context.clearCookies();
    await page.goto(`${site}/admin`);
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "clink_session")).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    // Signed out again: no password at all.
    await context.clearCookies();
    await page.goto(`${site}/admin`);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${TEST_ADMIN.email}`)).toBeVisible();
  } finally {
    await server.stop();
  }
});
