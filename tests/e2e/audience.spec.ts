import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { waitForMail } from "../support/outbox-folder";
import { startTestServer, type TestServer } from "../support/test-server";
import { axeViolations, expect, test } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 33 in Chromium, with and without JavaScript: the early-adopter card on / (a real form now), the
 * confirm page's button, the spots counting down to "full", and the blog's "Get new posts by e-mail" form.
 * Its own server: two spots, mail as files in its DATA_DIR, each browser context its own client address.
 */
let server: TestServer;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startTestServer({ env: { WAITLIST_SPOTS: "2", TRUST_PROXY: "loopback" } });
});
test.afterAll(async () => {
  await server?.stop();
});
test.describe.configure({ mode: "serial" });

const at = (path: string) => `${server.url}${path}`;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let client = 0;

async function inContext<T>(browser: Browser, options: BrowserContextOptions, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "x-forwarded-for": `10.97.0.${++client}` } });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** axe runs in the page: only where scripts run (the pages are the same HTML either way). */
async function axe(page: Page, scripted: boolean) {
  if (scripted) expect(await axeViolations(page)).toEqual([]);
}

async function shoot(page: Page, name: string, target?: Locator) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (target) await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
  }
}

async function confirmLink(email: string): Promise<string> {
  const mail = await waitForMail(server.dataDir, email, /Confirm your Clink subscription/);
  const token = mail.text.match(/early-access\/confirm\?token=([A-Za-z0-9_-]{43})/)![1]!;
  return at(`/early-access/confirm?token=${token}`);
}

async function joinFromHome(page: Page, email: string) {
  await page.goto(at("/"));
  const card = page.getByRole("complementary", { name: /spots available/ });
  await expect(
    card.getByRole("heading", { name: "Only 2 spots available" }).or(card.getByRole("heading", { name: "Only 1 spots available" })),
  ).toBeVisible();
  await card.getByLabel("E-mail", { exact: true }).fill(email);
  await card.getByLabel("City").selectOption("Melbourne");
  await card.getByLabel("Phone").selectOption("android");
  await card.getByLabel("Also send me new blog posts by e-mail").check();
  await card.getByRole("button", { name: "Claim your spot" }).click();
  await expect(page.getByRole("status").getByText("Check your inbox", { exact: true })).toBeVisible();
}

for (const javaScriptEnabled of [false, true]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  test(`the card on / signs up and the confirm page's button takes a spot, ${how}`, async ({ browser }) => {
    await inContext(browser, { javaScriptEnabled }, async (page) => {
      const email = `card-${unique()}@audience.example`;
      await page.goto(at("/"));
      await expect(
        page.getByRole("heading", { name: javaScriptEnabled ? "Only 1 spots available" : "Only 2 spots available" }),
      ).toBeVisible();
      if (!javaScriptEnabled) {
        // A bad address: the same page answers with the message beside the field.
        const card = page.getByRole("complementary", { name: /spots available/ });
        await card.getByLabel("E-mail", { exact: true }).fill("not-an-address");
        await card.getByRole("button", { name: "Claim your spot" }).click();
        await expect(page.getByText("Please enter a valid email address")).toBeVisible();
        await expect(page.getByText("Please choose your city")).toBeVisible();
        await axe(page, javaScriptEnabled);
      } else {
        await axe(page, javaScriptEnabled);
        await shoot(page, "home-card", page.getByRole("complementary", { name: /spots available/ }));
      }
      await joinFromHome(page, email);

      await page.goto(await confirmLink(email));
      await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
      await axe(page, javaScriptEnabled);
      if (javaScriptEnabled) await shoot(page, "confirm");
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await expect(page.getByRole("heading", { name: "You are confirmed" })).toBeVisible();
      await expect(page.getByText("Your founding spot on the early-adopter list is yours.")).toBeVisible();
      await axe(page, javaScriptEnabled);

      await expect(async () => {
        await page.goto(at("/"));
        await expect(
          page.getByRole("heading", { name: javaScriptEnabled ? "The early-adopter list is full" : "Only 1 spots available" }),
        ).toBeVisible({ timeout: scaled(1000) });
      }).toPass({ timeout: scaled(15_000) });
      if (javaScriptEnabled) {
        // At zero: the card offers to tell them when the app opens in their city.
        await expect(page.getByRole("button", { name: "Tell me when it opens" })).toBeVisible();
        await axe(page, javaScriptEnabled);
        await shoot(page, "home-full", page.getByRole("complementary", { name: /list is full/ }));
      }
    });
  });
}

for (const javaScriptEnabled of [false, true]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  test(`"Get new posts by e-mail" on /blog and under a post, ${how}`, async ({ browser }) => {
    await inContext(browser, { javaScriptEnabled }, async (page) => {
      await page.goto(at("/blog"));
      const form = page.getByRole("region", { name: "Get new posts by e-mail" });
      await expect(form).toBeVisible();
      const email = `blog-${unique()}@audience.example`;
      await form.getByLabel("E-mail", { exact: true }).fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("status").getByText("Check your inbox", { exact: true })).toBeVisible();
      await axe(page, javaScriptEnabled);
      if (javaScriptEnabled) await shoot(page, "subscribe-done", page.getByRole("status").first());

      // Under a post too.
      await page.goto(at("/blog/how-to-host-your-first-clink-meetup"));
      const under = page.getByRole("region", { name: "Get new posts by e-mail" });
      await under.scrollIntoViewIfNeeded();
      await axe(page, javaScriptEnabled);
      if (javaScriptEnabled) await shoot(page, "post-form", under);
      await under.getByLabel("E-mail", { exact: true }).fill(`post-${unique()}@audience.example`);
      await under.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("status").getByText("Check your inbox", { exact: true })).toBeVisible();

      // The first address confirms through its link.
      await page.goto(await confirmLink(email));
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await expect(page.getByText("New posts by e-mail: you will get one e-mail per new post.")).toBeVisible();
    });
  });
}
