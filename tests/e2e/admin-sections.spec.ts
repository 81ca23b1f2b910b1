import type { Page } from "@playwright/test";
import { ADMIN_SECTIONS, sectionHeading } from "~/admin-sections";
import { adminApi } from "../support/api";
import { inviteStaff } from "../support/staff";
import { axeViolations, expect, hydrated, openSection, startOwnServer, test } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * The admin's sections (issue 42, decision 0050): each at its own address, reached from the navigation (a menu
 * on a phone), opened directly and after a reload, the back button between them, the old ?tab= links, what an
 * author sees, the overview's figures against the sections' own, and the editor's page. Screenshots land in
 * test-results/admin-sections to be looked at.
 */
const SHOTS = "test-results/admin-sections";

// Every section but the overview, from the one list (app/admin-sections.ts), in the navigation's order.
const SECTIONS: Array<[label: string, path: string, heading: string]> = ADMIN_SECTIONS.filter((s) => s.id !== "overview").map((s) => [
  s.label,
  s.path,
  sectionHeading(s.id),
]);

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ adminPage: page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test("each section is reached from the navigation, has its own address, survives a reload, and back returns", async ({
      adminPage: page,
    }) => {
      test.setTimeout(180_000);
      await page.goto("/admin");
      await expect(h1(page)).toHaveText("Overview");
      await hydrated(page);
      // A phone's navigation is closed until the Menu button opens it, and closes after a choice.
      if (width < 1024) await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeHidden();
      let previous = "/admin";
      for (const [label, path, heading] of SECTIONS) {
        await openSection(page, label);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, "\\/")}$`));
        await expect(h1(page)).toContainText(heading);
        // The section's heading has the focus (a screen reader announces where the member is).
        await expect(h1(page)).toBeFocused();
        // Its parts are named for what they hold, never the section's name again.
        await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toHaveCount(0);
        if (width < 1024) await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeHidden();
        // Each section at each width, to be looked at (test-results/admin-sections/).
        await shoot(page, path.split("/").at(-1)!, width);
        previous = path;
      }
      expect(previous).toBe("/admin/profile");
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/system$/);
      await expect(h1(page)).toHaveText("System");
      await page.goBack();
      await expect(page).toHaveURL(/\/admin\/errors$/);
      // Opened directly and reloaded: the same section, marked in the navigation.
      for (const [label, path, heading] of SECTIONS.filter(([label]) => label === "Contact Submissions" || label === "System")) {
        await page.goto(path);
        await expect(h1(page)).toContainText(heading);
        await page.reload();
        await expect(h1(page)).toContainText(heading);
        await expect(
          page.locator("nav#admin-navigation").getByRole("link", { name: label, exact: true, includeHidden: true }),
        ).toHaveAttribute("aria-current", "page");
        await expect(page).toHaveTitle(`${label} · Clink Admin`);
      }
    });

    test("the overview, the editor and three sections: axe finds nothing; screenshots", async ({ adminPage: page }) => {
      test.setTimeout(240_000);
      await page.goto("/admin");
      await expect(page.getByTestId("overview-unresolved")).toBeVisible();
      await shoot(page, "overview", width);
      expect(await axeViolations(page)).toEqual([]);
      for (const path of ["/admin/contact-submissions", "/admin/system", "/admin/analytics"]) {
        await page.goto(path);
        await expect(page.locator("nav#admin-navigation")).toBeAttached();
        await shoot(page, path.split("/").at(-1)!, width);
        expect(await axeViolations(page)).toEqual([]);
      }
      await page.goto("/admin/posts/new");
      await expect(page.locator("[data-markdown-editor][data-editor-ready]")).toHaveCount(1, { timeout: scaled(30_000) });
      await shoot(page, "editor", width);
      expect(await axeViolations(page)).toEqual([]);
    });

    test("the editor's text box starts in the window's top third and fills at least half its height", async ({ adminPage: page }) => {
      await page.goto("/admin/posts/new");
      const editor = page.locator("[data-markdown-editor][data-editor-ready]");
      await expect(editor).toHaveCount(1, { timeout: scaled(30_000) });
      const box = (await editor.boundingBox())!;
      const height = page.viewportSize()!.height;
      expect(box.y).toBeLessThan(height / 3);
      expect(box.height).toBeGreaterThanOrEqual(height / 2);
    });
  });
}

test("old ?tab= links land on their section, with the list's own query", async ({ adminPage: page }) => {
  await page.goto("/admin?tab=submissions");
  await expect(page).toHaveURL(/\/admin\/contact-submissions$/);
  await expect(h1(page)).toHaveText("Contact Submissions");
  await page.goto("/admin?tab=blog&pstatus=draft");
  await expect(page).toHaveURL(/\/admin\/posts\?pstatus=draft$/);
  await expect(page.getByRole("tab", { name: /^Drafts/ })).toHaveAttribute("aria-selected", "true");
  await page.goto("/admin?tab=audience");
  await expect(page).toHaveURL(/\/admin\/analytics$/);
});

test("closing the editor returns to the list where it was", async ({ adminPage: page }) => {
  await page.goto("/admin/posts?pstatus=draft");
  await hydrated(page);
  await page.getByRole("link", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Post");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\?pstatus=draft$/);
  await expect(page.getByRole("tab", { name: /^Drafts/ })).toHaveAttribute("aria-selected", "true");
});

test("the overview's figures equal the sections' own", async ({ adminPage: page }) => {
  await page.request.post("/api/contact", {
    data: {
      name: "Overview Visitor",
      email: "overview@example.com",
      subject: `Overview ${Date.now()}`,
      message: "Counting the inbox from the overview.",
      inquiryType: "press",
    },
  });
  await page.goto("/admin");
  const unresolved = Number(await page.getByTestId("overview-unresolved").innerText());
  expect(unresolved).toBeGreaterThan(0);
  const visitors = await page.getByTestId("overview-visitors-week").innerText();
  const pageviews = await page.getByTestId("overview-pageviews-week").innerText();
  await page.getByRole("link", { name: /Unresolved contact submissions/ }).click();
  await expect(page.getByRole("tab", { name: /^Unresolved/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Unresolved/ })).toHaveText(`Unresolved (${unresolved})`);
  await page.goto("/admin");
  await page.getByRole("link", { name: /Visitors, 7 days/ }).click();
  await expect(page.getByTestId("analytics-visitors")).toHaveText(visitors);
  await expect(page.getByTestId("analytics-pageviews")).toHaveText(pageviews);
});

test("an author sees only what an author may, and the server refuses the rest", async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer();
  try {
    const author = await inviteStaff(server, await adminApi(server), "sections-author@e2e.test", "author", "Sam Sections");
    const context = await browser.newContext();
    const at = author.cookie!.indexOf("=");
    await context.addCookies([{ name: author.cookie!.slice(0, at), value: author.cookie!.slice(at + 1), url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Posts", "Analytics", "Profile & security"]);
    // The overview shows the author's own posts' readers, and nothing of the inbox, lists or jobs.
    await expect(page.getByRole("heading", { name: "Your posts' readers" })).toBeVisible();
    await expect(page.getByTestId("overview-unresolved")).toHaveCount(0);
    await expect(page.getByTestId("overview-spots-left")).toHaveCount(0);
    await expect(page.getByTestId("overview-failed-jobs")).toHaveCount(0);
    for (const path of ["/admin/contact-submissions", "/admin/system", "/admin/tags", "/ai-admin"]) {
      const res = await page.goto(`${server.url}${path}`);
      expect(res?.status(), path).toBe(403);
    }
    await context.close();
  } finally {
    await server.stop();
  }
});
