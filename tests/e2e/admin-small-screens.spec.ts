import type { Locator, Page } from "@playwright/test";
import { axeViolations, expect, signInThroughForm, test, openSection } from "./fixtures";

// Its tests share nothing but the suite's server: they spread over the workers instead of queueing in one
// (the file's tests one after another were the browser suite's last minutes).
test.describe.configure({ mode: "parallel" });

/**
 * The admin as a phone (375 px) and a laptop (1280 px) show it: tab rows on one line (never one tab alone
 * on a second), nothing wider than the screen, no focus ring after a mouse click on a tab (the keyboard keeps
 * it), the sign-in toast over nothing that matters, and zero axe violations. Screenshots land in the test's
 * output folder to be looked at.
 */

/** How many tabs each row of each tab list holds (rows told apart by the tabs' tops). */
const tabRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="tablist"]')].map((list) => {
      const rows = new Map<number, number>();
      for (const tab of list.querySelectorAll('[role="tab"]')) {
        const top = Math.round(tab.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? 0) + 1);
      }
      return { name: list.getAttribute("aria-label"), perRow: [...rows.values()] };
    }),
  );

/** Elements whose right edge passes the viewport's (inside something that scrolls sideways does not count). */
const tooWide = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element | null): boolean => {
      for (let at = el?.parentElement; at; at = at.parentElement)
        if (["auto", "scroll"].includes(getComputedStyle(at).overflowX)) return true;
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !scrolls(el) && getComputedStyle(el).position !== "fixed";
      })
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 3).join(".")}`)
      .slice(0, 5);
  });

/**
 * Wraps of an element's text that split a word: each place a line begins (after its first) must follow a
 * space or a hyphen, or come before an address's @ or dot (app/components/ui/email-address.tsx). Each is
 * given as the character before it and the one after.
 */
const wrapsInsideWords = (element: Locator) =>
  element.evaluate((root) => {
    const wraps: string[] = [];
    let lastTop: number | undefined;
    let previous = "";
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.textContent!.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const next = node.textContent![i]!;
        if (lastTop !== undefined && top > lastTop && !/^([ -].|.[@.])$/.test(previous + next)) wraps.push(previous + next);
        lastTop = top;
        previous = next;
      }
    }
    return wraps;
  });

async function checkPage(page: Page, name: string, width: number) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `${name} scrolls sideways`,
  ).toBeLessThanOrEqual(0);
  expect(await tooWide(page), `${name}: wider than the screen`).toEqual([]);
  // One row, or rows of two or more: never one tab alone on a line.
  for (const list of await tabRows(page))
    if (list.perRow.length > 1) expect(Math.min(...list.perRow), `${name}: a tab of "${list.name}" alone on a row`).toBeGreaterThan(1);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
}

for (const width of [375, 1280]) {
  test(`the dashboard, staff, profile and AI admin pages fit ${width} px with zero axe violations`, async ({ adminPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    // The admin logo link's accessible name contains what it shows (WCAG 2.5.3; letter case aside, as the rule allows).
    const logo = page.getByRole("banner").getByRole("link").first();
    const visible = (await logo.innerText()).replace(/\s+/g, " ").trim().toLowerCase();
    expect(visible).toBe("clink admin");
    await expect(page.getByRole("banner").getByRole("link", { name: new RegExp(visible, "i") })).toHaveCount(1);
    await checkPage(page, "dashboard", width);
    await openSection(page, "Posts");
    await expect(page.getByRole("link", { name: "Create Post" })).toBeVisible();
    await checkPage(page, "dashboard-blog", width);
    await openSection(page, "System");
    await expect(page.getByRole("heading", { name: "Vital signs" })).toBeVisible();
    await expect(page.getByTestId("vital-memoryMb")).toContainText(/\d+(\.\d)? MB/);
    await checkPage(page, "dashboard-system", width);
    // The section's heading, focused after the navigation (for screen readers), draws no ring.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    expect(await page.getByRole("heading", { level: 1 }).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");

    // An address longer than a phone's line: it wraps before its @ and dots, never inside a word.
    const invited = `early.adopter.of.clink.${width}.${Date.now().toString(36)}@subscribers.example-domain.test`;
    expect((await page.request.post("/api/admin/invitations", { data: { email: invited, role: "author" } })).status()).toBe(201);
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const address = page.getByText(invited, { exact: true });
    await expect(address).toBeVisible();
    expect(await wrapsInsideWords(address), `${invited} at ${width} px`).toEqual([]);
    await checkPage(page, "staff", width);
    await page.goto("/admin/profile");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkPage(page, "profile", width);
    // The lists' names in a table of figures: whole words on a phone too.
    await page.goto("/admin/subscribers");
    const listName = page
      .getByRole("table", { name: "Subscribers per list and state" })
      .getByRole("rowheader", { name: "Early-adopter list" });
    await expect(listName).toBeVisible();
    expect(await wrapsInsideWords(listName), `the list's name at ${width} px`).toEqual([]);
    await checkPage(page, "subscribers", width);

    await page.goto("/ai-admin");
    for (const tab of ["Overview", "Crawlers", "Indexing", "Submission"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      // A mouse click draws no focus ring on the tab.
      expect(await page.getByRole("tab", { name: tab }).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
      await checkPage(page, `ai-admin-${tab.toLowerCase()}`, width);
    }
    // The keyboard still shows where focus is.
    await page.keyboard.press("ArrowLeft");
    const focused = page.getByRole("tab", { name: "Indexing" });
    await expect(focused).toBeFocused();
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  });

  test(`the sign-in toast covers neither the heading nor the header's buttons at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // The sign-in card: the passkey button says what it does, in the words the Security page uses.
    await page.goto("/admin");
    const passkey = page.getByRole("button", { name: "Use a passkey" });
    await expect(passkey).toHaveAccessibleDescription(/No password needed/);
    await page.screenshot({ path: test.info().outputPath(`sign-in-card-${width}.png`), fullPage: true });
    await signInThroughForm(page);
    const toast = page.locator("li.toast").filter({ hasText: "Admin login successful" });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const overlaps = (other: { x: number; y: number; width: number; height: number } | null) =>
      other !== null &&
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height;
    await page.screenshot({ path: test.info().outputPath(`sign-in-toast-${width}.png`) });
    expect(overlaps(await page.getByRole("heading", { level: 1, name: "Overview" }).boundingBox())).toBe(false);
    // Nor the Logout button, the Menu button (a phone) or any item of the navigation (1280 px).
    const nav = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
    const controls = [
      page.getByRole("button", { name: "Logout" }),
      ...(width < 1024 ? [page.getByRole("button", { name: "Menu" })] : await nav.all()),
    ];
    for (const control of controls) expect(overlaps(await control.boundingBox()), await control.innerText()).toBe(false);
  });
}
