import type { Locator, Page } from "@playwright/test";
import { axeViolations, expect, test } from "./fixtures";

// Its tests share nothing but the suite's server: they spread over the workers instead of queueing in one
// (the file's tests one after another were the browser suite's last minutes).
test.describe.configure({ mode: "parallel" });

/** Rows of a grid's tiles (by top edge) and whether each row reaches both edges of the grid. */
async function gridRows(grid: Locator) {
  return grid.evaluate((ul) => {
    const box = ul.getBoundingClientRect();
    const rows = new Map<number, DOMRect[]>();
    for (const li of Array.from(ul.children)) {
      const r = li.getBoundingClientRect();
      const top = Math.round(r.top);
      rows.set(top, [...(rows.get(top) ?? []), r]);
    }
    return [...rows.values()].map((tiles) => ({
      tiles: tiles.length,
      fills:
        Math.abs(Math.min(...tiles.map((t) => t.left)) - box.left) < 1 && Math.abs(Math.max(...tiles.map((t) => t.right)) - box.right) < 1,
    }));
  });
}

for (const [path, name] of [
  ["/", "From first hello to the last round"],
  ["/irl-meetups", "Safe by design, not by luck"],
] as const) {
  for (const width of [375, 800, 1280]) {
    test(`the five tiles under "${name}" on ${path} leave no hole at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const grid = page.locator("section", { has: page.getByRole("heading", { name }) }).locator("ul[data-tiles]");
      await expect(grid.locator("> li")).toHaveCount(5);
      const rows = await gridRows(grid);
      expect(
        rows.every((row) => row.fills),
        JSON.stringify(rows),
      ).toBe(true);
      if (width > 375) expect(rows.length).toBeLessThan(5);
    });
  }
}

for (const width of [375, 1280]) {
  test(`store badges share one width and the phone mockup's chips neither wrap nor clip at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    const widths = await page
      .getByRole("link", { name: /App Store|Google Play/ })
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().width));
    expect(widths.length).toBeGreaterThanOrEqual(4);
    expect(new Set(widths).size, widths.join()).toBe(1);

    const chips = await page.locator("[data-chips]").evaluate((row) => {
      const style = getComputedStyle(row.parentElement!);
      const outer = row.parentElement!.getBoundingClientRect();
      const left = outer.left + parseFloat(style.paddingLeft);
      const right = outer.right - parseFloat(style.paddingRight);
      return Array.from(row.children).map((chip) => {
        const r = chip.getBoundingClientRect();
        return { top: Math.round(r.top), inside: r.left >= left - 0.5 && r.right <= right + 0.5, oneLine: r.height < 30 };
      });
    });
    expect(chips).toHaveLength(4);
    expect(new Set(chips.map((c) => c.top)).size).toBe(1);
    expect(
      chips.every((c) => c.inside && c.oneLine),
      JSON.stringify(chips),
    ).toBe(true);
  });
}

const mobileMenu = (page: Page) => page.getByRole("navigation", { name: "Main (mobile)" });

async function tapCurrentPageInMenu(page: Page, path: string, label: string) {
  await page.getByRole("button", { name: "Open menu", exact: true }).click();
  await expect(mobileMenu(page)).toBeVisible();
  await mobileMenu(page).getByRole("link", { name: label, exact: true }).click();
  await expect(mobileMenu(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("button", { name: "Open menu", exact: true })).toBeVisible();
}

test("on a form page, tapping the mobile menu's link to the page shown closes the menu", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/contact");
  await page.waitForLoadState("load");
  await tapCurrentPageInMenu(page, "/contact", "Contact");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tapping the mobile menu's link to the page shown closes the menu", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/about");
    await tapCurrentPageInMenu(page, "/about", "About");
  });

  test("Watch Demo and Create Your Event open their dialogs", async ({ page }) => {
    await page.goto("/happy-hour");
    await page.getByRole("button", { name: "Watch Demo" }).click();
    await expect(page.getByRole("dialog", { name: "Happy hour with Clink in three steps" })).toBeVisible();
    await page.goto("/meetups");
    await page.getByRole("button", { name: "Create Your Event" }).click();
    await expect(page.getByRole("dialog", { name: "Create your event in the Clink app" })).toBeVisible();
  });
});

test("the hero buttons of /happy-hour and /meetups lead to the venue explorer", async ({ page }) => {
  for (const [path, name] of [
    ["/happy-hour", "Find Happy Hours Now"],
    ["/meetups", "Find Meetups Near You"],
  ] as const) {
    await page.goto(path);
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/venue-map$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore Venues Near You");
  }
});

for (const width of [375, 1280]) {
  test(`Watch Demo shows a three-step demo of the site's own images in an accessible dialog at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/happy-hour");
    const button = page.getByRole("button", { name: "Watch Demo" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Happy hour with Clink in three steps" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveCount(3);
    const images = dialog.locator("img");
    await expect(images).toHaveCount(3);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      expect(await img.getAttribute("src")).toMatch(/^\/images\//);
    }
    expect(await axeViolations(page)).toEqual([]);
    // Escape closes it and focus goes back to the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // And the close button.
    await button.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
}

test("Create Your Event offers the app stores", async ({ page }) => {
  await page.goto("/meetups");
  await page.getByRole("button", { name: "Create Your Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Create your event in the Clink app" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: /App Store/ })).toHaveAttribute("href", /^https:\/\/apps\.apple\.com\//);
  await expect(dialog.getByRole("link", { name: /Google Play/ })).toHaveAttribute("href", /^https:\/\/play\.google\.com\//);
  expect(await axeViolations(page)).toEqual([]);
});

for (const path of ["/", "/about", "/blog", "/venue-map", "/privacy-policy", "/no-such-page"]) {
  test(`the header's search link on ${path} leads to the site search`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(path);
    await page.locator("[data-site-header]").getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search the Site");
  });
}

test("the 404 page offers a search form that searches the site", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await page.getByRole("main").getByRole("searchbox", { name: "Search the site" }).fill("happy hour");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=happy\+hour$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "happy hour"');
  expect(await axeViolations(page)).toEqual([]);
});

for (const path of ["/privacy-policy", "/terms-conditions"]) {
  test(`the table of contents of ${path} stays inside the page margin at 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(path);
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc.getByRole("listitem").first()).toBeVisible();
    const outside = await toc.evaluate((nav) => {
      const column = nav.parentElement!;
      const style = getComputedStyle(column);
      const box = column.getBoundingClientRect();
      const [left, right] = [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
      return Array.from(nav.querySelectorAll("li, li > *"))
        .map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.left < left - 0.5 || r.right > right + 0.5)
        .map(({ text }) => text);
    });
    expect(outside).toEqual([]);
    // The numbers are the list's own (no hanging markers) and run in order.
    const numbers = await toc.locator("[data-toc-number]").allTextContents();
    expect(numbers).toEqual(numbers.map((_, i) => `${i + 1}.`));
    expect(await toc.locator("ol").evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe("none");
  });
}
