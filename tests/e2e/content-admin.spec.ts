import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { adminApi, createPost, type Api } from "../support/api";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, hydrated, startOwnServer, test, openSection } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * The admin's Content tab (export, import with counts) and Media tab (the media library), on a site of the
 * test's own (the import adds posts other specs do not expect): at 375 and 1280 px, screenshots to look
 * at, zero axe violations.
 */

async function signedIn(page: Page, server: TestServer): Promise<Api> {
  const admin = await adminApi(server);
  const at = admin.cookie!.indexOf("=");
  await page.context().addCookies([{ name: admin.cookie!.slice(0, at), value: admin.cookie!.slice(at + 1), url: server.url }]);
  return admin;
}

async function upload(server: TestServer, admin: Api, colour: string, name: string): Promise<{ hash: string; url: string }> {
  const bytes = await sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return (await fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: admin.cookie! } })).json();
}

for (const width of [375, 1280]) {
  test(`exports, imports a Ghost export with counts, and shows the media library at ${width} px`, async ({ page }) => {
    // A server of its own, two uploads, an export and three imports: minutes on a loaded 2-core machine.
    test.setTimeout(180_000);
    const server = await startOwnServer({ env: { SEED_DEMO: "false" } });
    try {
      const admin = await signedIn(page, server);
      const used = await upload(server, admin, "#0ea5e9", "harbour-door.png");
      const unused = await upload(server, admin, "#f97316", "orange-wall.png");
      await createPost(admin, { title: "A post with a door", content: `Look:\n\n![A blue harbour door](${used.url})` });

      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/admin/import-export`);
      await expect(page.getByRole("heading", { name: "Export", exact: true })).toBeVisible();
      // The import is sent by the page's script: a press before it runs would be a plain form's reload (what
      // left this test on the form in a loaded full run).
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: "Import & export" })).toBeVisible();

      // Export: a zip download, with the revisions when asked.
      await page.getByLabel("Include each post's revisions").check();
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download archive" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^clink-content-\d{4}-\d{2}-\d{2}\.zip$/);
      const saved = test.info().outputPath("export.zip");
      await download.saveAs(saved);
      expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe("PK");

      // Import a Ghost 5 export through the form: the counts appear.
      await page.getByLabel("File to import").setInputFiles(path.resolve("tests/fixtures/ghost/ghost-5.json"));
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Imported a Ghost export" })).toBeVisible({ timeout: scaled(20_000) });
      const row = (kind: string) => page.getByRole("row", { name: new RegExp(`^${kind}\\b`) }).getByRole("cell");
      await expect(row("Posts")).toHaveText(["4", "0", "0"]);
      await expect(row("Tags")).toHaveText(["2", "0", "0"]);
      await expect(row("Authors")).toHaveText(["1", "0", "0"]);
      await page.screenshot({ path: test.info().outputPath(`content-${width}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      // The same file again: everything skipped.
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect(row("Posts")).toHaveText(["0", "0", "4"]);

      // A file that is neither kind: the reason, in words.
      await page
        .getByLabel("File to import")
        .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some notes") });
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Ghost JSON export" })).toBeVisible();

      // The media library: every upload, where it is used, delete only for the unused one.
      await openSection(page, "Media");
      await expect(page.getByRole("heading", { name: "Media library" })).toBeVisible();
      const usedCard = page.locator(`[data-media="${used.hash}"]`);
      const unusedCard = page.locator(`[data-media="${unused.hash}"]`);
      await expect(usedCard).toContainText("A blue harbour door");
      await expect(usedCard.getByRole("link", { name: "A post with a door" })).toHaveAttribute("href", /^\/blog\/a-post-with-a-door/);
      await expect(usedCard).toContainText("Cannot be deleted while a post uses it");
      await expect(usedCard.getByRole("button", { name: /Delete/ })).toHaveCount(0);
      await expect(unusedCard).toContainText("Not used in any post.");
      await expect(unusedCard).toContainText(/640 × 360 px · \d+ KB/);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: test.info().outputPath(`media-${width}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      page.once("dialog", (dialog) => void dialog.accept());
      await unusedCard.getByRole("button", { name: /Delete/ }).click();
      await expect(unusedCard).toHaveCount(0);
      await expect(usedCard).toBeVisible();
    } finally {
      await server.stop();
    }
  });
}
