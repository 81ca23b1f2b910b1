import type { Browser, Page } from "@playwright/test";
import { ADVERTISING_MESSAGES, waitForMail } from "../support/outbox-folder";
import { startTestServer, type TestServer } from "../support/test-server";
import { axeViolations, expect, signInThroughForm, test, TEST_ADMIN } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * The public forms in Chromium, with and without JavaScript: exact messages, busy buttons, toasts, the
 * mail read from the server's outbox folder, and a deletion confirmed through its e-mailed link.
 * Its own server (mail as files in its DATA_DIR, its own rate-limit budget for 127.0.0.1).
 */
let server: TestServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (path: string) => `${server.url}${path}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const toast = (page: Page, text: string) => page.locator("li.toast").getByText(text, { exact: true });

async function withoutJavaScript<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Holds the page's call to `path` until `release` is called, so the busy state can be seen. */
async function holdRequests(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function fillAdvertising(page: Page, email: string, company: string) {
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Contact name").fill("Sam Lee");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+61 2 5550 1234");
  await page.getByLabel("Website").fill("https://rooftop.example");
  await page.getByLabel("Monthly budget").selectOption("$5,000-$10,000");
  await page.getByLabel("Message").fill("We want to promote our Friday happy hour.");
}

test("advertising enquiry with JavaScript: messages, Submitting..., Request Sent, the e-mail and the admin card", async ({ page }) => {
  const id = unique();
  const email = `ads-${id}@rooftop.example`;
  const company = `Rooftop ${id}`;
  await page.goto(at("/advertise"));
  await expect(page.getByLabel("Monthly budget")).toHaveValue("$100-$1,000");
  await page.getByRole("button", { name: "Submit Request" }).click();
  for (const message of ADVERTISING_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Company name")).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // Each message goes as its field becomes valid.
  await page.getByLabel("Company name").fill(company);
  await expect(page.getByText("Company name must be at least 2 characters")).toHaveCount(0);
  await expect(page.getByText("Contact name must be at least 2 characters")).toBeVisible();
  await fillAdvertising(page, email, company);
  for (const message of ADVERTISING_MESSAGES) await expect(page.getByText(message, { exact: true })).toHaveCount(0);

  const release = await holdRequests(page, "/api/contact");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(toast(page, "Request Sent")).toBeVisible();
  await expect(toast(page, "Thank you for your interest in advertising with Clink. Our team will contact you shortly.")).toBeVisible();
  await expect(page.getByLabel("Company name")).toHaveValue(""); // the form is reset
  await expect(page.getByLabel("Monthly budget")).toHaveValue("$100-$1,000");

  const receipt = await waitForMail(server.dataDir, email, /We received your advertising enquiry/);
  expect(receipt.text).toContain("Thank you for your interest in advertising with Clink");
  const notice = await waitForMail(server.dataDir, TEST_ADMIN.email, new RegExp(`Advertising Inquiry from ${company}`));
  expect(notice.text).toContain("Budget: $5,000-$10,000");

  await signInThroughForm(page, TEST_ADMIN, at("/admin"));
  // Signed in, the admin opens on its overview; the enquiries are in Contact Submissions (decision 0050).
  await expect(page.locator("nav#admin-navigation")).toBeAttached({ timeout: scaled(15_000) });
  await page.goto(at("/admin/contact-submissions"));
  const card = page.getByRole("article", { name: `Advertising Inquiry from ${company}` });
  await expect(card).toContainText("Advertising Inquiries");
  await expect(card).toContainText(`Company:${company}`);
  await expect(card).toContainText("Phone:+61 2 5550 1234");
  await expect(card).toContainText("Website:https://rooftop.example");
  await expect(card).toContainText("Budget:$5,000-$10,000");
  // The outbox's card lives in the System section (decision 0050).
  await page.goto(at("/admin/system"));
  await expect(page.getByRole("region", { name: "Outgoing mail" })).toBeVisible();
});

test("advertising enquiry: a refusal shows the server's message, a network failure the spec's default", async ({ page }) => {
  await page.goto(at("/advertise"));
  await fillAdvertising(page, "refused@rooftop.example", "Refused Co");
  await page.route("**/api/contact", (route) => route.fulfill({ status: 200, json: { success: false, message: "We are closed today." } }));
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(toast(page, "Error")).toBeVisible();
  await expect(toast(page, "We are closed today.")).toBeVisible();
  await expect(page.getByLabel("Company name")).toHaveValue("Refused Co"); // nothing lost
  await page.unroute("**/api/contact");
  await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(toast(page, "There was an error sending your request. Please try again.")).toBeVisible();
});

test("advertising enquiry without JavaScript", async ({ browser }) => {
  await withoutJavaScript(browser, async (page) => {
    const email = `nojs-${unique()}@rooftop.example`;
    await page.goto(at("/advertise"));
    await page.getByRole("button", { name: "Submit Request" }).click();
    for (const message of ADVERTISING_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await fillAdvertising(page, email, "No Script Bar");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByRole("status")).toContainText("Request Sent");
    await expect(page.getByRole("status")).toContainText("Our team will contact you shortly.");
    await waitForMail(server.dataDir, email, /We received your advertising enquiry/);
  });
});

test("contact form, with and without JavaScript", async ({ page, browser }) => {
  const email = `question-${unique()}@example.com`;
  await page.goto(at("/contact"));
  await expect(page.getByRole("link", { name: "Email Support" })).toHaveAttribute("href", /subject=I%20have%20a%20question/);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await page.getByLabel("Name").fill("Kim");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Inquiry type").selectOption({ label: "Press & Media" });
  await page.getByLabel("Subject").fill("Interview request");
  await page.getByLabel("Message", { exact: true }).fill("Could we interview your founders?");
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST");
  await page.getByRole("button", { name: "Send Message" }).click();
  // The script solved the bot check's challenge in the browser and sent its proof with the message.
  const proof = JSON.parse(Buffer.from(String(JSON.parse((await sent).postData() ?? "{}").altcha), "base64").toString()) as {
    number?: unknown;
    signature?: unknown;
  };
  expect(typeof proof.number).toBe("number");
  expect(typeof proof.signature).toBe("string");
  await expect(toast(page, "Message Sent")).toBeVisible();
  await waitForMail(server.dataDir, TEST_ADMIN.email, /New submission: Interview request/);
  expect(await axeViolations(page)).toEqual([]);

  await withoutJavaScript(browser, async (nojs) => {
    await nojs.goto(at("/contact"));
    await nojs.getByLabel("Name").fill("Lee");
    await nojs.getByLabel("Email", { exact: true }).fill(`nojs-${email}`);
    await nojs.getByLabel("Inquiry type").selectOption({ label: "Careers" });
    await nojs.getByLabel("Subject").fill("Jobs without scripts");
    await nojs.getByLabel("Message", { exact: true }).fill("Are you hiring?");
    await nojs.getByRole("button", { name: "Send Message" }).click();
    await expect(nojs.getByRole("status")).toContainText("Thank you for your message.");
    await waitForMail(server.dataDir, TEST_ADMIN.email, /New submission: Jobs without scripts/);
  });
});

async function fillDeletion(page: Page, email: string) {
  await page.getByLabel("First name").fill("Jo");
  await page.getByLabel("Phone number").fill("0412 345 678");
  await page.getByLabel("Email").fill(email);
}

test("deletion request with JavaScript: the widget, Processing..., the panel, the e-mailed link, the admin completing it", async ({
  page,
}) => {
  const email = `delete-${unique()}@example.com`;
  await page.goto(at("/delete-my-data"));
  await page.getByRole("button", { name: "Delete My Data" }).click();
  for (const message of [
    "First name must be at least 2 characters",
    "Please enter a valid phone number",
    "Please enter a valid email address",
    "Please verify that you're not a robot",
    "You must confirm that you want to delete your data",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/");

  await fillDeletion(page, email);
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByLabel("Clink is a food delivery service").click();
  await expect.poll(() => alerts).toEqual(["Incorrect, please try again"]);
  await expect(page.getByLabel("Clink is a food delivery service")).not.toBeChecked();
  await expect(page.getByText("Please verify that you're not a robot")).toBeVisible();
  await page.getByLabel("Clink is a social drinking app").check();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByText("Please verify that you're not a robot")).toHaveCount(0);
  await page.getByRole("checkbox").check();

  const release = await holdRequests(page, "/api/data-deletion-requests");
  await page.getByRole("button", { name: "Delete My Data" }).click();
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  release();
  await expect(toast(page, "Verification Email Sent")).toBeVisible();
  // The panel, not the toast (also a status, with the same words in another case).
  const panel = page.getByRole("status").filter({ hasText: "expires in 24 hours" });
  await expect(panel).toContainText("expires in 24 hours");
  await expect(panel.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");

  const mail = await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
  expect(mail.token).toBeTruthy();
  // The link carries the configured SITE_URL; open the same path on this server.
  await page.goto(at(`/delete-my-data/verify?token=${mail.token}`));
  await page.getByRole("button", { name: "Confirm deletion" }).click();
  await expect(page.getByText("Your deletion request is confirmed")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(at(`/delete-my-data/verify?token=${mail.token}`));
  await expect(page.getByText(/already been used/)).toBeVisible();

  await signInThroughForm(page, TEST_ADMIN, at("/admin"));
  await expect(page.locator("nav#admin-navigation")).toBeAttached({ timeout: scaled(15_000) });
  await page.goto(at("/admin/contact-submissions"));
  const card = page.getByRole("article", { name: "Data deletion request from Jo" }).filter({ hasText: email });
  await expect(card).toContainText("Delete My Data");
  await expect(card).toContainText("Confirmed, to be deleted");
  await card.getByRole("button", { name: "Mark deletion completed" }).click();
  await expect(toast(page, "Deletion completed")).toBeVisible();
  // Completing erases what the site held about the person: their card goes with it (docs/privacy.md).
  await expect(card).toHaveCount(0);
  const told = await waitForMail(server.dataDir, email, /Your Clink data has been deleted/);
  expect(told.text).toContain("permanently deleted");
});

test("deletion request and its confirmation without JavaScript", async ({ browser }) => {
  await withoutJavaScript(browser, async (page) => {
    const email = `nojs-delete-${unique()}@example.com`;
    await page.goto(at("/delete-my-data"));
    await fillDeletion(page, email);
    await page.getByLabel("Clink is a social drinking app").check();
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete My Data" }).click();
    await expect(page.getByText("Verification email sent")).toBeVisible();
    const mail = await waitForMail(server.dataDir, email, /Confirm your Clink data deletion request/);
    await page.goto(at(`/delete-my-data/verify?token=${mail.token}`));
    await page.getByRole("button", { name: "Confirm deletion" }).click();
    await expect(page.getByText("Your deletion request is confirmed")).toBeVisible();
  });
});

test("the form pages fit 375 px and 1280 px without sideways scrolling", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/advertise", "/contact", "/delete-my-data"]) {
      await page.goto(at(path));
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
});
