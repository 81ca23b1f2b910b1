import type { Browser, Page } from "@playwright/test";
import { adminApi, createPost } from "../support/api";
import { axeViolations, expect, test } from "./fixtures";
import { scaled } from "./time-limits";
import { editorReady, fillPostText, expectPostText, postTextbox } from "./post-text";

/** The post editor saves as the author types (issue 35; decision records 0039 and 0042). */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const saved = (page: Page) =>
  page
    .getByRole("region", { name: /^(Create|Edit) Post$/ })
    .getByRole("status")
    .filter({ hasText: /^Saved \d\d:\d\d/ });

/** A browser of its own (no storage shared with the first), signed in as the admin. */
async function freshBrowser(browser: Browser, url: string) {
  const context = await browser.newContext();
  const { cookie } = await adminApi({ url });
  const at = cookie!.indexOf("=");
  await context.addCookies([{ name: cookie!.slice(0, at), value: cookie!.slice(at + 1), url }]);
  return { context, page: await context.newPage() };
}

async function openEdit(page: Page, title: string) {
  await page.goto(`/admin/posts?pq=${encodeURIComponent(title)}`);
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole("region", { name: "Edit Post" });
  await editorReady(dialog);
  return dialog;
}

test("a new post is saved as it is typed: the tab closed mid-sentence, another browser finds the text", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/posts");
  await page.getByRole("link", { name: "Create Post" }).click();
  const dialog = page.getByRole("region", { name: "Create Post" });
  const title = `Typed and gone ${unique()}`;
  await dialog.getByLabel("Title").fill(title);
  await editorReady(dialog);
  await postTextbox(dialog).focus();
  await page.keyboard.type("The terrace opens at five, and the first round is");
  // Nothing pressed: the save comes by itself once typing stops.
  await expect(saved(page)).toBeVisible({ timeout: scaled(20_000) });
  await page.close(); // mid-sentence, without Create Post

  const other = await freshBrowser(browser, baseURL!);
  try {
    const reopened = await openEdit(other.page, title);
    await expectPostText(reopened, "The terrace opens at five, and the first round is");
    await expect(reopened.getByLabel("Title")).toHaveValue(title);
  } finally {
    await other.context.close();
  }
});

test("a live post's autosaved changes wait on the server, are offered back, and go public only with Update Post", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  const admin = await adminApi({ url: baseURL! });
  const title = `Live and pending ${unique()}`;
  const post = await createPost(admin, { title, content: "The published words.", published: true });
  let dialog = await openEdit(page, title);
  await fillPostText(dialog, "The published words. A new paragraph nobody should see yet.");
  await expect(saved(page)).toContainText("not on the blog until Update Post", { timeout: scaled(20_000) });
  // Closing asks nothing: the text is on the server.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`${baseURL}/blog/${post.slug}`);
  await expect(reader.getByText("The published words.")).toBeVisible();
  await expect(reader.getByText("nobody should see yet")).toHaveCount(0);

  // Another device opens the post: the pending text is offered back, with who wrote it.
  const other = await freshBrowser(browser, baseURL!);
  try {
    dialog = await openEdit(other.page, title);
    const offer = dialog.getByRole("region", { name: "Unsaved changes" });
    await expect(offer).toContainText(/Restore unsaved changes from .+, /);
    await expectPostText(dialog, "The published words.");
    await other.page.setViewportSize({ width: 375, height: 740 });
    expect(await axeViolations(other.page)).toEqual([]);
    await other.page.screenshot({ path: test.info().outputPath("pending-offer-375.png") });
    await offer.getByRole("button", { name: "Restore changes" }).click();
    await expectPostText(dialog, "The published words. A new paragraph nobody should see yet.");
    await dialog.getByRole("button", { name: "Update Post" }).click();
    await expect(other.page.locator("li.toast").getByText("Blog post updated successfully", { exact: true })).toBeVisible();
  } finally {
    await other.context.close();
  }
  await expect(async () => {
    await reader.goto(`${baseURL}/blog/${post.slug}`);
    await expect(reader.getByText("A new paragraph nobody should see yet.")).toBeVisible({ timeout: scaled(2_000) });
  }).toPass({ timeout: scaled(20_000) });
  await visitor.close();
});

test("when someone else saved the post meanwhile, the autosave does not overwrite it and offers to reload", async ({
  adminPage: page,
  baseURL,
}) => {
  const admin = await adminApi({ url: baseURL! });
  const title = `Two editors ${unique()}`;
  const post = await createPost(admin, { title, content: "First words.", published: false });
  const dialog = await openEdit(page, title);
  // Someone else saves first (their version is the one the editor opened).
  const current = (await (await admin.get(`/api/blog/${post.id}`)).json()) as Record<string, unknown>;
  const theirs = await admin.call("PUT", `/api/admin/posts/${post.id}/autosave`, {
    title,
    content: "Their words, saved first.",
    version: current.version,
  });
  expect(theirs.status).toBe(200);

  await fillPostText(dialog, "My words, typed later.");
  await expect(dialog.getByRole("alert").filter({ hasText: "Someone else changed this post" })).toBeVisible({ timeout: scaled(20_000) });
  await expect(dialog.getByRole("status")).toHaveText("Not saved: someone else changed this post");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("conflict.png") });
  const stored = (await (await admin.get(`/api/blog/${post.id}`)).json()) as { content: string };
  expect(stored.content).toBe("Their words, saved first.");

  await dialog.getByRole("button", { name: "Reload the post" }).click();
  await expectPostText(dialog, "Their words, saved first.");
  await expect(dialog.getByRole("alert").filter({ hasText: "Someone else changed this post" })).toHaveCount(0);
});
