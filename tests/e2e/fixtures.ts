import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { adminApi } from "../support/api";
import { startTestServer, TEST_ADMIN, type TestServer } from "../support/test-server";
import { scaled } from "./time-limits";

/** Each test's own setter of its time limit, before `scaledLimits` wraps it (the budgets below add to the limit unscaled twice otherwise). */
const ownSetTimeout = new WeakMap<object, (ms: number) => void>();

/** Every e2e test imports `test` from here: it points the browser at the server global-setup started. */
export const test = base.extend<{ adminPage: Page; scaledLimits: void }>({
  /** Every limit a test sets for itself (test.setTimeout) grows by the same factor as the config's (time-limits.ts). */
  scaledLimits: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, testInfo) => {
      const own = testInfo.setTimeout.bind(testInfo);
      ownSetTimeout.set(testInfo, own);
      testInfo.setTimeout = (ms: number) => own(ms === 0 ? 0 : scaled(ms));
      await provide();
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(process.env.E2E_BASE_URL);
  },
  /** A page whose browser is signed in as the admin (through the API, so the test starts where it means to). */
  adminPage: async ({ page, context, baseURL }, provide) => {
    const { cookie } = await adminApi({ url: baseURL! });
    const at = cookie!.indexOf("=");
    await context.addCookies([{ name: cookie!.slice(0, at), value: cookie!.slice(at + 1), url: baseURL! }]);
    await provide(page);
  },
});
export { expect, TEST_ADMIN };

/** Adds `ms` (grown by the factor) to the running test's time limit. */
function addToTimeLimit(ms: number): void {
  const info = test.info();
  (ownSetTimeout.get(info) ?? info.setTimeout.bind(info))(info.timeout + scaled(ms));
}

// A full-page analysis takes 2-5 s on an idle machine and several times that on a loaded one (2 cores,
// other suites running); each analysis brings its own budget instead of eating the test's.
const AXE_BUDGET_MS = 60_000;
// Starting a server of one's own (node, migrations, a PGlite copy) can take as long under load.
const SERVER_START_BUDGET_MS = 60_000;

/**
 * Runs axe-core against WCAG 2.2 A/AA rules on the whole page and returns the violations (expect it
 * to be []). It waits for what the analysis judges to be final (the load event and the web fonts,
 * which change sizes and contrast), and adds its own budget to the test's timeout.
 */
export async function axeViolations(page: Page) {
  addToTimeLimit(AXE_BUDGET_MS);
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A toast fading out is half transparent, and axe measured its contrast mid-fade (broadcasts.spec in CI).
  // With reduced motion the site's animations are off, so every element is where and as it rests.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  let deadline: NodeJS.Timeout | undefined;
  const overBudget = new Promise<never>((_, reject) => {
    deadline = setTimeout(
      () => reject(new Error(`axe analysis of ${page.url()} took more than ${scaled(AXE_BUDGET_MS) / 1000} s`)),
      scaled(AXE_BUDGET_MS),
    );
  });
  try {
    // axe.run in the page itself (legacy mode) and only the violations' details: the default runs axe in every
    // frame, then again in a new blank page to merge the results, and finds a selector for every node that
    // passed. The same rules and the same violations, in under half the time (issue 48: 544 -> 228 ms on `/`);
    // the site's pages hold no frames (no <iframe> in app/), which is what the default mode is for.
    // (options() replaces what withTags() set: it comes first.)
    const analysis = new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .setLegacyMode(true)
      .analyze();
    const results = await Promise.race([analysis, overBudget]);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
    }));
  } finally {
    clearTimeout(deadline);
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** Starts a server of the test's own (stop it in `finally`), adding the time a start takes under load to the test's. */
export async function startOwnServer(options?: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  addToTimeLimit(SERVER_START_BUDGET_MS);
  return startTestServer(options);
}

/** Signs in on the admin's form; `adminUrl` is the admin's address on a server of the test's own. */
export async function signInThroughForm(page: Page, credentials = TEST_ADMIN, adminUrl = "/admin") {
  await page.goto(adminUrl);
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated>), for tests of client navigation. */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Opens an admin section from the navigation (decision 0050), as a member would: on a narrow window the
 * navigation is behind the Menu button. `name` is the item's text ("Posts", "Contact Submissions"…).
 */
export async function openSection(page: Page, name: string) {
  // The shell first (a sign-in may still be on its way to it).
  await expect(page.locator("nav#admin-navigation")).toBeAttached({ timeout: scaled(15_000) });
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  const link = nav.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await link.click();
  // (On a phone the navigation has closed again: the item is looked for hidden or not.)
  await expect(page.locator("nav#admin-navigation").getByRole("link", { name, exact: true, includeHidden: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
}

/** Signs the browser in as the admin on a server of the test's own (through the API, as `adminPage` does). */
export async function signInOn(page: Page, server: Pick<TestServer, "url">) {
  const { cookie } = await adminApi(server);
  const at = cookie!.indexOf("=");
  await page.context().addCookies([{ name: cookie!.slice(0, at), value: cookie!.slice(at + 1), url: server.url }]);
}

/**
 * Screenshots `target` at 375 and 1280 px (kept with the test's output) and checks the page fits each width;
 * with `axe`, that axe finds nothing at each width (a phone's layout hides and shows other parts).
 */
export async function shootAtBothWidths(page: Page, name: string, target: Locator, { axe = false } = {}) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Its top just below the page's sticky header, which would otherwise cover it in the picture.
    await target.evaluate((element) => {
      const header = document.querySelector("header");
      const below = header && ["sticky", "fixed"].includes(getComputedStyle(header).position) ? header.getBoundingClientRect().height : 0;
      window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - below - 8, behavior: "instant" });
    });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} fits ${width} px`).toBe(true);
    if (axe) expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  }
}
