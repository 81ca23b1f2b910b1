import { adminApi, createPost } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import type { TestServer } from "../support/test-server";
import { expect, shootAtBothWidths, signInOn, startOwnServer, test } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 51's new-post mailings in Chromium (decision record 0077): the Broadcasts section lists recent
 * new posts' e-mails, one paused itself (why, attempted, bounced, complained) and one done; the owner resumes
 * the paused one. At 375 and 1280 px, axe clean. Its own server, seeded with the paused mailing as the bulk
 * lane leaves one.
 */
let server: TestServer;
test.describe.configure({ mode: "serial", timeout: scaled(300_000) });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = { SEED_DEMO: "false" };
  const fresh = await startOwnServer({ env });
  const admin = await adminApi(fresh);
  // No blog readers yet: publishing them opens no mailing; the mailings are seeded as the bulk lane leaves them.
  const done = await createPost(admin, { title: "Opening night in Lisbon" });
  const paused = await createPost(admin, { title: "The longest bar crawl in Porto, street by street" });
  server = await seedAndRestart(
    fresh,
    `insert into audience_subscribers (id, list, email, state, consent_page, consent_wording, confirmed_at) values
       (9101, 'blog', 'waiting@post-mailings-e2e.example', 'confirmed', '/blog', 'seeded', now());
     insert into mail_outbox (id, message_id, purpose, recipient, subject, text_body, html_body, sent_at, dropped_at, drop_reason, campaign) values
       (9101, '<e2e-post-1@clink>', 'audience-new-post', 'waiting@post-mailings-e2e.example', 'New post', 'x', 'x', null, now(), 'held', 'post:${paused.id}');
     insert into audience_post_deliveries (post_id, subscriber_id, mail_id, done_at) values (${paused.id}, 9101, 9101, now());
     insert into mail_campaigns (key, label, attempted, bounced, complained, created_at) values ('post:${done.id}', 'The e-mails of new post #${done.id}', 120, 2, 0, now() - interval '1 day');
     insert into mail_campaigns (key, label, attempted, bounced, complained, block, block_bounced, paused_at, paused_reason, paused_block)
       values ('post:${paused.id}', 'The e-mails of new post #${paused.id}', 21, 11, 0, 0, 11, now(), '11 hard bounces among attempts 1 to 200: more than 5%', 0);`,
    { env },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

test("new-post mailings: a paused one shown with why, then resumed", async ({ page }) => {
  test.setTimeout(120_000);
  await signInOn(page, server);
  await page.goto(`${server.url}/admin/broadcasts`);
  const panel = page.getByRole("region", { name: "New-post mailings", exact: true });
  await expect(panel.getByRole("status")).toHaveText("1 new post's e-mails are paused.");
  const paused = panel.getByRole("row").filter({ hasText: "The longest bar crawl in Porto" });
  await expect(paused).toContainText("Paused");
  const done = panel.getByRole("row").filter({ hasText: "Opening night in Lisbon" });
  await expect(done).toContainText("Done");
  const waiting = panel.getByRole("list", { name: "Paused new-post mailings" });
  await expect(waiting.getByRole("listitem")).toHaveCount(1);
  await expect(waiting).toContainText(
    "It paused itself: 11 hard bounces among attempts 1 to 200: more than 5%. 21 attempted, 11 bounced, 0 complained.",
  );
  await shootAtBothWidths(page, "post-mailings", panel, { axe: true });

  await waiting.getByRole("button", { name: "Resume the e-mails of The longest bar crawl in Porto, street by street" }).click();
  await expect(page.locator("li.toast").getByText("E-mails resumed", { exact: true })).toBeVisible();
  await expect(panel.getByTestId("post-mailings-paused")).toHaveCount(0);
  await expect(paused).not.toContainText("Paused", { timeout: scaled(10_000) });
});
