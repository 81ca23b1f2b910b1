import { seedAndRestart } from "../support/database-rows";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, shootAtBothWidths, signInOn, startOwnServer, test } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 52 in Chromium: the System section's "CDN purges" card, with Cloudflare and Varnish configured: the
 * targets (no token), the last purges and a failing one with its error, at 375 and 1280 px, axe clean.
 */
let server: TestServer;
const TOKEN = "cf-token-never-shown-0123456789";
test.describe.configure({ mode: "serial", timeout: scaled(300_000) });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = {
    SEED_DEMO: "false",
    CDN_PURGE: "cloudflare,varnish",
    CLOUDFLARE_ZONE_ID: "0123456789abcdef0123456789abcdef",
    CLOUDFLARE_API_TOKEN: TOKEN,
    // Nothing listens there: a purge made while the test runs fails, as the seeded one did.
    CLOUDFLARE_API_BASE: "http://127.0.0.1:9",
    VARNISH_PURGE_URLS: "http://127.0.0.1:9",
  };
  server = await seedAndRestart(
    await startOwnServer({ env }),
    `insert into cdn_purges (tags, reason, status, job_id, attempts, last_error, queued_at, purged_at) values
       ('["post-12","blog","404","path:/blog/launch-night-in-sydney"]', 'post 12 updated', 'purged', 900001, 1, null, now() - interval '2 hours', now() - interval '2 hours'),
       ('["venues","city-chicago"]', 'venue 7 edited', 'purged', 900002, 2, 'cloudflare answered 429 (rate limited): {"success":false}', now() - interval '1 hour', now() - interval '1 hour'),
       ('["tag-rooftops","tag-roof-terraces","blog"]', 'tag rooftops changed', 'sending', 900003, 3, 'cloudflare answered 500: upstream trouble', now() - interval '5 minutes', null);`,
    { env },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

test("the System section shows where purges go, the last ones and the failing one", async ({ page }) => {
  await signInOn(page, server);
  await page.goto(`${server.url}/admin/system`);
  const card = page.getByRole("region", { name: "CDN purges" });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("cdn-targets")).toContainText("Cloudflare");
  await expect(card.getByTestId("cdn-targets")).toContainText("zone 0123456789abcdef0123456789abcdef");
  await expect(card.getByTestId("cdn-targets")).toContainText("Varnish");
  await expect(card.getByTestId("cdn-failures")).toContainText("cloudflare answered 500: upstream trouble");
  await expect(card.getByTestId("cdn-recent")).toContainText("post 12 updated");
  await expect(card.getByTestId("cdn-recent").getByRole("listitem")).toHaveCount(3);
  expect(await page.content()).not.toContain(TOKEN);
  await shootAtBothWidths(page, "cdn-purges", card);
  expect(await axeViolations(page)).toEqual([]);
});
