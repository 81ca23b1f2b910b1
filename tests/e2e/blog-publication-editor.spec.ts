import type { Page } from "@playwright/test";
import { adminApi, createPost, postInput } from "../support/api";
import { axeViolations, expect, test } from "./fixtures";
import { editorReady, expectPostText, postTextbox } from "./post-text";
import { scaled } from "./time-limits";

// Each test opens the editor (CodeMirror) more than once: 30 s ran out beside a full suite on 2 cores.
test.describe.configure({ timeout: scaled(90_000) });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function openEditor(page: Page, id: string, title: string) {
  await page.goto("/admin/posts");
  await page.getByLabel("Search posts").fill(id);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  return page.getByRole("region", { name: "Edit Post" });
}

test("the editor lists a post's revisions with who and when, shows what changed and restores one", async ({ adminPage: page, baseURL }) => {
  const api = await adminApi({ url: baseURL! });
  const id = unique();
  const title = `Revisions ${id}`;
  const post = await createPost(api, { title, content: "First paragraph\n\nThe original ending." });
  const edited = await api.call(
    "PUT",
    `/api/blog/${post.id}`,
    postInput({ title: `${title} edited`, slug: post.slug, content: "First paragraph\n\nA rewritten ending." }),
  );
  expect(edited.status).toBe(200);

  const dialog = await openEditor(page, id, `${title} edited`);
  await dialog.getByText("Revisions", { exact: true }).click();
  const list = dialog.getByRole("list", { name: "Revisions" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("admin@test.clink.app (current)");

  await list.getByRole("button", { name: /^Compare the revision of/ }).click();
  const changes = dialog.getByRole("region", { name: "Changes since this revision" });
  await expect(changes.locator("del").filter({ hasText: "The original ending." })).toBeVisible();
  await expect(changes.locator("ins").filter({ hasText: "A rewritten ending." })).toBeVisible();
  await expect(changes.getByText(`${title} edited`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/bw-shots/revisions-${width}.png` });
  }

  await list.getByRole("button", { name: /^Restore the revision of/ }).click();
  await expect(page.locator("li.toast").getByText("Revision restored", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const after = await (await api.get(`/api/blog/${post.id}`)).json();
  expect(after).toMatchObject({ title, content: "First paragraph\n\nThe original ending." });
  // The restore is itself a revision, listed first.
  const reopened = await openEditor(page, id, title);
  await reopened.getByText("Revisions", { exact: true }).click();
  await expect(reopened.getByRole("list", { name: "Revisions" }).getByRole("listitem")).toHaveCount(3);
  await expect(reopened.getByRole("list", { name: "Revisions" }).getByRole("listitem").first()).toContainText("(restored)");
});

test("the editor's search fields count against the guide, preview the result and reach the post's <head>", async ({
  adminPage: page,
  baseURL,
}) => {
  const api = await adminApi({ url: baseURL! });
  const id = unique();
  const title = `Search fields ${id}`;
  const post = await createPost(api, { title, excerpt: "The plain excerpt." });
  const dialog = await openEditor(page, id, title);
  const panel = dialog.getByRole("group", { name: "Search and social" });
  const preview = panel.getByRole("figure", { name: "Search result preview" });
  await expect(preview).toContainText(`${title} | Blog`);
  await expect(preview).toContainText("The plain excerpt.");

  await panel.getByLabel("Headline in search results").fill("A short search title");
  await expect(panel.getByText("20 of about 60 characters")).toBeVisible();
  await panel.getByLabel("Description in search results").fill("x".repeat(160));
  await expect(panel.getByText("160 characters: search engines may cut it after about 155")).toBeVisible();
  await panel.getByLabel("Description in search results").fill("Where to drink up high, ranked by the view.");
  await expect(preview).toContainText("A short search title");
  await expect(preview).toContainText("Where to drink up high, ranked by the view.");
  await panel.getByLabel("Canonical URL (when first published elsewhere)").fill("https://example.org/original");
  await panel.getByLabel("Hide from search engines").check();
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/bw-shots/search-fields-${width}.png` });
  }
  await dialog.getByRole("button", { name: "Update Post" }).click();
  await expect(page.locator("li.toast").getByText("Blog post updated successfully", { exact: true })).toBeVisible();

  await page.goto(`/blog/${post.slug}`);
  await expect(page).toHaveTitle("A short search title");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Where to drink up high, ranked by the view.");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", "https://example.org/original");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("an image pasted into the text is uploaded, goes in as Markdown with its alt text selected to type over, and shows in the post with srcset", async ({
  adminPage: page,
  baseURL,
}) => {
  const api = await adminApi({ url: baseURL! });
  const id = unique();
  const title = `Pasted image ${id}`;
  const post = await createPost(api, { title, content: "Intro paragraph." });
  const dialog = await openEditor(page, id, title);
  await editorReady(dialog);
  const text = postTextbox(dialog);
  await text.click();
  await page.keyboard.press("ControlOrMeta+End");
  // A 1000x500 PNG on the clipboard, as a screenshot tool would put it there.
  await text.evaluate(async (area) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1000;
    canvas.height = 500;
    canvas.getContext("2d")!.fillRect(0, 0, 1000, 500);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const data = new DataTransfer();
    data.items.add(new File([blob], "screenshot.png", { type: "image/png" }));
    area.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  // Uploaded, it goes in as Markdown with its alt text selected: typing replaces it.
  await expectPostText(dialog, /!\[screenshot\]\(\/api\/media\/[\w-]{20}\)/, 20_000);
  await expect(text).toBeFocused();
  await page.keyboard.type("A black rectangle");
  await expectPostText(dialog, /^Intro paragraph\.\n\n!\[A black rectangle\]\(\/api\/media\/[\w-]{20}\)$/);
  await dialog.getByRole("button", { name: "Update Post" }).click();
  await expect(page.locator("li.toast").getByText("Blog post updated successfully", { exact: true })).toBeVisible();

  await page.goto(`/blog/${post.slug}`);
  const img = page.getByRole("img", { name: "A black rectangle" });
  await expect(img).toHaveAttribute("srcset", /\/content\/images\/size\/w600\/format\/webp\/media\/[\w-]{20}\.png 600w, .* 1000w$/);
  await expect(img).toHaveAttribute("width", "1000");
  await expect(img).toHaveAttribute("loading", "lazy");
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
