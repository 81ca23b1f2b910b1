import { axeViolations, expect, signInThroughForm, startOwnServer, test, TEST_ADMIN, openSection } from "./fixtures";
import { scaled } from "./time-limits";
import { fillPostText } from "./post-text";
import type { Page } from "@playwright/test";

const unique = () => `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createSubmission(page: Page, subject: string) {
  const res = await page.request.post("/api/contact", {
    data: {
      name: "E2E Visitor",
      email: "visitor@example.com",
      subject,
      message: "Could we host a meetup at your venue?",
      inquiryType: "press",
    },
  });
  expect(res.ok()).toBe(true);
}

// The toast itself (li.toast), not Radix's screen-reader announcement copy. While a modal dialog is
// open the viewport region is aria-hidden (Radix Dialog hides the rest of the page), so not by role.
const toast = (page: Page, text: string) => page.locator("li.toast").getByText(text, { exact: true });

test("sign-in toasts, resolving a submission persists across a reload, logout toasts", async ({ page }) => {
  const subject = `Press question ${unique()}`;
  await createSubmission(page, subject);
  await signInThroughForm(page);
  await expect(toast(page, "Admin login successful")).toBeVisible();
  await openSection(page, "Contact Submissions");

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
  // The chosen filter is kept in the address: after a reload it is still Resolved, which this one no longer is.
  await page.reload();
  await expect(page.getByRole("tab", { name: /^Resolved \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("article", { name: subject })).toHaveCount(0);
  await page.getByRole("tab", { name: /^All \(\d+\)$/ }).click();
  await expect(page.getByRole("article", { name: subject }).getByRole("button", { name: "Mark as Resolved" })).toBeVisible();
  // The audit trail (on the overview) shows it.
  await openSection(page, "Overview");
  await expect(page.getByRole("region", { name: "Recent activity" })).toContainText(/Reopened submission #\d+/);

  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged out")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("an expired session says so and signing in again keeps what was on screen", async ({ page, context }) => {
  const subject = `Expiring ${unique()}`;
  await createSubmission(page, subject);
  await signInThroughForm(page);
  await openSection(page, "Contact Submissions");
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
  test.slow(); // its own server to start, and three password hashes
  const server = await startOwnServer();
  try {
    const changeTo = async (current: string, next: string) => {
      const form = page.getByRole("region", { name: "Change password" });
      await form.getByLabel("Current password").fill(current);
      await form.getByLabel("New password").fill(next);
      // The server's answer is the condition (hashing a password takes a while on a loaded machine): the
      // checks after it then only wait for React to show it.
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin"), {
        timeout: scaled(60_000),
      });
      await form.getByRole("button", { name: "Change password" }).click();
      await answered;
    };
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Email").fill(TEST_ADMIN.email);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    // The password form lives in Profile & security.
    await openSection(page, "Profile & security");

    await changeTo(TEST_ADMIN.password, "too short");
    await expect(page.getByText("New password must be at least 12 characters")).toBeVisible();
    await changeTo("not the password", "a brand new passphrase");
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await changeTo(TEST_ADMIN.password, "a brand new passphrase");
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();

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

test("a post is created with an uploaded image and suggested tags, previewed, published, unpublished, edited and deleted", async ({
  adminPage: page,
}) => {
  test.setTimeout(60_000);
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 79, g: 70, b: 229 } } })
    .png()
    .toBuffer();
  const title = `Happy hour guide ${unique()}`;

  await page.goto("/admin");
  await openSection(page, "Posts");
  await page.getByRole("link", { name: "Create Post" }).click();
  const dialog = page.getByRole("region", { name: "Create Post" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Publish immediately")).toBeChecked();

  // Required fields are checked before anything is sent.
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();

  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Author").fill("E2E Editor");
  await dialog.getByLabel("Category").selectOption("tips");
  await dialog.getByLabel("Excerpt").fill("Where to find the best happy hour deals in Sydney bars this summer.");
  await fillPostText(dialog, "## Best bars\n\nSydney has **great** happy hour cocktails and rooftop bars.\n\n- Cocktails\n- Beer");

  // Not an image: refused in the browser.
  // The cover's file input (the text has an image insert of its own).
  const fileInput = dialog.getByLabel("Image file to upload");
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(toast(page, "Invalid File")).toBeVisible();
  // Said to be an image but not one: the server refuses, and the toast gives its words without the status.
  await fileInput.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("hello") });
  await expect(toast(page, "Upload Failed")).toBeVisible();
  await expect(toast(page, "Please select an image file (PNG, JPG, GIF, etc.)")).toBeVisible();
  await fileInput.setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: png });
  await expect(toast(page, "Upload Successful")).toBeVisible();
  await expect(page.locator("li.toast").getByText(/^pixel\.png \(\d+ KB\)$/)).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Image preview" })).toHaveAttribute("src", /^data:image\//);

  await dialog.getByRole("button", { name: "Smart Tags" }).click();
  await expect(toast(page, "Tags Generated")).toBeVisible();
  const suggestions = dialog.getByRole("group", { name: "Suggested tags" }).getByRole("button");
  await expect(suggestions.first()).toBeVisible();
  const first = (await suggestions.first().getAttribute("aria-label"))!.replace(/^Add tag /, "");
  await suggestions.first().click();
  await suggestions.first().click(); // a duplicate is skipped
  await expect(dialog.getByLabel("Tags (comma-separated)")).toHaveValue(first);

  await dialog.getByRole("tab", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "Best bars" })).toBeVisible();
  await expect(dialog.locator("strong", { hasText: "great" })).toBeVisible();

  await dialog.getByLabel("Publish immediately").uncheck();
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page, "Blog post created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(item).toContainText("Draft");
  await expect(item).toContainText(first);
  await item.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(toast(page, "Blog post published successfully")).toBeVisible();
  await expect(item).toContainText("Published");
  await item.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(toast(page, "Blog post unpublished successfully")).toBeVisible();
  await expect(item).toContainText("Draft");

  // Edit: the same editor, filled in; the uploaded image is kept.
  await item.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("region", { name: "Edit Post" });
  await expect(edit.getByLabel("Title")).toHaveValue(title);
  await expect(edit.getByRole("img", { name: "Image preview" })).toBeVisible();
  const edited = `${title} (edited)`;
  await edit.getByLabel("Title").fill(edited);
  await edit.getByRole("button", { name: "Update Post" }).click();
  await expect(toast(page, "Blog post updated successfully")).toBeVisible();
  const editedItem = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: edited }) });
  await expect(editedItem).toBeVisible();
  const posts = (await (await page.request.get("/api/blog")).json()) as {
    id: number;
    title: string;
    image: string | null;
    tags: string[];
  }[];
  const saved = posts.find((p) => p.title === edited)!;
  expect(saved.image).toMatch(new RegExp(`^/api/blog/${saved.id}/image`));
  expect(saved.tags).toEqual([first]);

  expect(await axeViolations(page)).toEqual([]);

  await editedItem.getByRole("button", { name: `Delete ${edited}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this blog post?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Blog post deleted successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: edited })).toHaveCount(0);
});

test("a failed save keeps the editor open with everything typed", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = `Unsaved ${unique()}`;
  await page.goto("/admin");
  await openSection(page, "Posts");
  await page.getByRole("link", { name: "Create Post" }).click();
  const dialog = page.getByRole("region", { name: "Create Post" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Author").fill("E2E Editor");
  await dialog.getByLabel("Excerpt").fill("An excerpt.");
  // Refused before the text is in: the autosave (which creates a new post once it has text) meets the same failure.
  await page.route("**/api/blog", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ success: false, message: "Database unavailable" }),
        })
      : route.fallback(),
  );
  await fillPostText(dialog, "Some content.");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(toast(page, "Failed to create blog post")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("Excerpt")).toHaveValue("An excerpt.");
  // The toast, once it has slid in, does not cover the button to try again.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const save = dialog.getByRole("button", { name: "Create Post" });
  const box = (await save.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("button")?.textContent?.trim(),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe("Create Post");
  // Focus stays inside the editor, which passes axe.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('section[aria-label="Create Post"]')))).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  // The toast's own button dismisses it. (Not Escape: on a loaded machine the toast may already have timed
  // out, and the Escape then reaches the editor, which asks "Discard unsaved changes?".)
  const failed = page.locator("li.toast").filter({ hasText: "Failed to create blog post" });
  const dismiss = failed.getByRole("button", { name: "Dismiss notification" });
  if (await dismiss.isVisible()) await dismiss.click({ timeout: scaled(2_000) }).catch(() => undefined); // it may time out meanwhile
  await expect(failed).toBeHidden();
  await expect(page.getByRole("alertdialog", { name: "Discard unsaved changes?" })).toHaveCount(0);
  // The post was never saved, so closing asks before throwing the text away.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("alertdialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
  await expect(dialog).toBeHidden();
});

test("the System tab shows the last backup and the owner downloads it", async ({ adminPage: page }) => {
  await page.goto("/admin/system");
  const last = page.getByTestId("last-backup");
  // The first start's daily backup, or one asked for now.
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.locator("li.toast").getByText(/Backup queued|already waiting/)).toBeVisible();
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(last).toContainText(/Succeeded, [\d.]+ (KB|MB)/, { timeout: scaled(1_000) });
  }).toPass();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the last backup" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^clink-backup-.+\.jsonl\.gz$/);
  const file = await download.path();
  expect((await import("node:fs")).statSync(file).size).toBeGreaterThan(100);
});
