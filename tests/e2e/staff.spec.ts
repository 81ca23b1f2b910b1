import type { Browser, Page } from "@playwright/test";
import { outboxMessages } from "../support/outbox-folder";
import { waitFor } from "../support/eventually";
import { STAFF_PASSWORD } from "../support/staff";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, startOwnServer, test, TEST_ADMIN } from "./fixtures";
import { scaled } from "./time-limits";
import { fillPostText } from "./post-text";

/** Staff in Chromium: invitations through the e-mailed link, what each role sees, a forgotten password, suspension. */

const SHOTS = "test-results/staff";

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/admin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

const mailLink = (server: TestServer, to: string, subject: RegExp) =>
  waitFor(
    () =>
      outboxMessages(server.dataDir)
        .filter((m) => m.to.includes(to) && subject.test(m.subject))
        .at(-1)
        ?.text.match(/http:\/\/localhost:3000(\/admin\/[a-z-]+#token=[A-Za-z0-9_-]{43})/)?.[1],
    `link to ${to}`,
  );

async function invite(page: Page, email: string, role: string) {
  const form = page.getByRole("region", { name: "Invite someone" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByRole("status")).toHaveText(`Invitation sent to ${email}`);
}

async function accept(browser: Browser, server: TestServer, email: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}${await mailLink(server, email, /invited/)}`);
  await expect(page.getByRole("heading", { name: "Join the Clink team" })).toBeVisible();
  // The page took the token from the fragment and dropped it from the address bar.
  await expect.poll(() => page.url()).not.toContain("token");
  await expect(page.getByLabel("Code from the e-mail")).toHaveCount(0);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // Creating the account hashes the password (scrypt) and opens the admin: seconds on two loaded cores.
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible({ timeout: scaled(30_000) });
  return page;
}

test("an owner invites an author and a contributor; each sees their role's admin; a forgotten password is reset by e-mail", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startOwnServer();
  try {
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
    await invite(page, "author@e2e.test", "Author");
    await invite(page, "contributor@e2e.test", "Contributor");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/staff-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await axeViolations(page)).toEqual([]);

    const author = await accept(browser, server, "author@e2e.test", "Avery Author");
    const sections = (p: Page) => p.getByRole("navigation", { name: "Admin sections" });
    await expect(sections(author).getByRole("link", { name: "Posts" })).toBeVisible();
    await expect(sections(author).getByRole("link", { name: "Contact Submissions" })).toHaveCount(0);
    await expect(author.getByRole("link", { name: "AI Discoverability" })).toHaveCount(0);
    await expect(author.getByRole("link", { name: "Staff" })).toHaveCount(0);
    const contributor = await accept(browser, server, "contributor@e2e.test", "Casey Contributor");
    await expect(sections(contributor).getByRole("link", { name: "Posts" })).toBeVisible();
    await expect(sections(contributor).getByRole("link", { name: "Venues" })).toHaveCount(0);
    await contributor.goto(`${server.url}/ai-admin`);
    await expect(contributor.getByText("Your role does not allow this.")).toBeVisible();

    // A contributor is offered no Publish: not in the editor, not on their draft in the list.
    await contributor.goto(`${server.url}/admin/posts`);
    await expect(contributor.getByText("No blog posts yet. Create your first post to get started!")).toBeVisible();
    await contributor.getByRole("link", { name: "Create Post" }).click();
    const draft = contributor.getByRole("region", { name: "Create Post" });
    await expect(draft.getByText("Contributors save drafts: an editor publishes them.")).toBeVisible();
    await expect(draft.getByLabel("Publish immediately")).toHaveCount(0);
    await expect(draft.getByText("Credited to you (Casey Contributor).", { exact: false })).toBeVisible();
    await expect(draft.getByLabel("Credited to")).toHaveCount(0);
    await draft.getByLabel("Title").fill("Casey's first draft");
    await draft.getByLabel("Author").fill("Casey");
    await draft.getByLabel("Excerpt").fill("A draft for an editor to read.");
    await fillPostText(draft, "Some words.");
    await draft.getByRole("button", { name: "Create Post" }).click();
    const saved = contributor.getByRole("listitem").filter({ has: contributor.getByRole("heading", { name: "Casey's first draft" }) });
    await expect(saved).toContainText("Draft");
    await expect(saved.getByRole("button", { name: /^Edit / })).toBeVisible();
    await expect(saved.getByRole("button", { name: /^Publish / })).toHaveCount(0);

    // The owner (editors and up) credits a post to another active member with the author picker.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/posts`);
    await page.getByRole("link", { name: "Create Post" }).click();
    const post = page.getByRole("region", { name: "Create Post" });
    const picker = post.getByLabel("Credited to");
    await expect(picker.locator("option:checked")).toHaveText(/\(you\)$/);
    await expect(picker.getByRole("option", { name: "Avery Author" })).toHaveCount(1);
    await picker.selectOption({ label: "Avery Author" });
    await expect(post.getByLabel("Author")).toHaveValue("Avery Author"); // the byline follows an untouched choice
    await post.getByLabel("Title").fill("Credited to Avery");
    await post.getByLabel("Excerpt").fill("Written for Avery's byline.");
    await fillPostText(post, "Words by the editor, credited to the author.");
    await post.getByLabel("Publish immediately").uncheck();
    expect(await axeViolations(page)).toEqual([]);
    await post.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Credited to Avery" }) })).toContainText(
      "By Avery Author",
    );
    // It is Avery's now: the author's list shows the draft with its actions.
    await author.goto(`${server.url}/admin/posts`);
    const credited = author.getByRole("listitem").filter({ has: author.getByRole("heading", { name: "Credited to Avery" }) });
    await expect(credited.getByRole("button", { name: "Publish Credited to Avery" })).toBeVisible();

    // The owner suspends the contributor: their open session is refused at the next request.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/admin/staff`);
    await page.getByRole("button", { name: "Suspend Casey Contributor" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Casey Contributor was suspended" })).toBeVisible();
    await contributor.goto(`${server.url}/admin`);
    await expect(contributor.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    // The author forgets the password: the e-mailed link sets a new one and ends the old sessions.
    const forgetful = await browser.newContext();
    const reset = await forgetful.newPage();
    await reset.goto(`${server.url}/admin`);
    await reset.getByRole("link", { name: "Forgot your password?" }).click();
    await reset.getByLabel("Email").fill("author@e2e.test");
    await reset.getByRole("button", { name: "Send link" }).click();
    await expect(reset.getByRole("status")).toContainText("a link to choose a new password is on its way");
    await reset.goto(`${server.url}${await mailLink(server, "author@e2e.test", /Reset your/)}`);
    await expect.poll(() => reset.url()).toMatch(/\/admin\/reset-password$/);
    await reset.getByLabel("New password").fill("password1234");
    await reset.getByRole("button", { name: "Set password" }).click();
    await expect(reset.getByText("This password is too easy to guess.")).toBeVisible();
    // A refused try leaves the code to type: it is in the same e-mail.
    await reset.getByLabel("New password").fill("maple orbit sparrow kettle 7");
    await reset.getByRole("button", { name: "Set password" }).click();
    await expect(reset.getByRole("status")).toContainText("Your password was changed");
    expect(await axeViolations(reset)).toEqual([]);
    await author.reload();
    await expect(author.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await signIn(author, server.url, "author@e2e.test", "maple orbit sparrow kettle 7");

    // The profile: sessions with device and network; the author ends the other one.
    await signIn(reset, server.url, "author@e2e.test", "maple orbit sparrow kettle 7");
    await author.getByRole("link", { name: "Profile" }).click();
    const sessions = author.getByRole("region", { name: "Where you are signed in" });
    await expect(sessions.getByText("This session")).toBeVisible();
    await expect(sessions).toContainText("Network 127.0.0.0/24");
    for (const width of [1280, 375]) {
      await author.setViewportSize({ width, height: 900 });
      await author.screenshot({ path: `${SHOTS}/profile-${width}.png`, fullPage: true });
      expect(await author.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await axeViolations(author)).toEqual([]);
    await sessions.getByRole("button", { name: "End every other session" }).click();
    await expect(sessions.getByRole("status")).toHaveText("Every other session was ended");
    await reset.reload();
    await expect(reset.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  } finally {
    await server.stop();
  }
});

test("the Staff page lists a pending invitation and revokes it", async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer();
  try {
    await signIn(page, server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await page.goto(`${server.url}/admin/staff`);
    await invite(page, "waiting.for.a.reply@e2e.test", "Editor");
    const pending = page.getByRole("region", { name: "Pending invitations" });
    const item = pending.getByRole("listitem").filter({ hasText: "waiting.for.a.reply@e2e.test" });
    await expect(item).toContainText("Editor");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await pending.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/pending-invitations-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(await axeViolations(page)).toEqual([]);
    await pending.getByRole("button", { name: "Revoke the invitation of waiting.for.a.reply@e2e.test" }).click();
    await expect(pending.getByRole("status")).toHaveText("The invitation of waiting.for.a.reply@e2e.test was revoked");
    await expect(item).toHaveCount(0);
    await expect(pending).toContainText("No invitation is waiting to be accepted.");
  } finally {
    await server.stop();
  }
});
