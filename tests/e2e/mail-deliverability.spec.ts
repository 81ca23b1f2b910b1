import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startFakeDns, type FakeDns } from "../support/fake-dns";
import { seedAndRestart } from "../support/database-rows";
import { makeTempDir, type TestServer } from "../support/test-server";
import { expect, shootAtBothWidths, signInOn, startOwnServer, test } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 51 in Chromium: the suppression list in the Subscribers section (an address added by hand, a
 * bounced one shown with its reason, one removed), and a broadcast that paused itself (its report: why,
 * delivered, bounced, complained, left; resumed), and the System section's mail domain (SPF and DKIM right,
 * DMARC missing with the record to add), at 375 and 1280 px, axe clean. Its own server, seeded with the paused
 * broadcast as the bulk lane leaves one, signing with a DKIM key a DNS server on loopback serves.
 */
let server: TestServer;
let dns: FakeDns;
// The System section's mail domain: DKIM configured, its record served by a DNS server on loopback, no DMARC.
const DOMAIN = "deliverability-e2e.example";
const dkimKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
test.describe.configure({ mode: "serial", timeout: scaled(300_000) });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const keyFile = path.join(makeTempDir("dkim-e2e"), "dkim.pem");
  fs.writeFileSync(keyFile, dkimKey.privateKey.export({ type: "pkcs8", format: "pem" }));
  dns = await startFakeDns({
    txt: {
      [DOMAIN]: ["v=spf1 include:_spf.mail-provider.example -all"],
      [`e2e._domainkey.${DOMAIN}`]: [`v=DKIM1; k=rsa; p=${dkimKey.publicKey.export({ type: "spki", format: "der" }).toString("base64")}`],
    },
  });
  const env = {
    SEED_DEMO: "false",
    MAIL_FROM: `Clink <news@${DOMAIN}>`,
    DKIM_DOMAIN: DOMAIN,
    DKIM_SELECTOR: "e2e",
    DKIM_PRIVATE_KEY_FILE: keyFile,
    DNS_SERVERS: dns.server,
  };
  const fresh = await startOwnServer({ env });
  server = await seedAndRestart(
    fresh,
    `insert into mail_suppressions (email_hash, email, reason, source, created_at) values ('seeded-hash-1', 'bounced.reader.with.a.long.address@deliverability-e2e.example', 'bounce', 'smtp', now() - interval '2 days');
     insert into audience_subscribers (id, list, email, state, consent_page, consent_wording, confirmed_at, ended_at, ended_reason) values
       (9001, 'blog', 'got.it@deliverability-e2e.example', 'confirmed', '/blog', 'seeded', now(), null, null),
       (9002, 'blog', 'bounced.reader.with.a.long.address@deliverability-e2e.example', 'unsubscribed', '/blog', 'seeded', now() - interval '1 day', now(), 'bounce'),
       (9003, 'blog', 'waiting@deliverability-e2e.example', 'confirmed', '/blog', 'seeded', now(), null, null),
       (9004, 'blog', 'complainer@deliverability-e2e.example', 'unsubscribed', '/blog', 'seeded', now() - interval '1 day', now(), 'complaint');
     insert into audience_broadcasts (id, subject, markdown, list, state, started_at, finished_at) values (9001, 'Launch day in Sydney', 'We are open.', 'blog', 'sent', now() - interval '5 minutes', now());
     insert into mail_outbox (id, message_id, purpose, recipient, subject, text_body, html_body, sent_at, dropped_at, drop_reason, campaign) values
       (9001, '<e2e-1@clink>', 'audience-broadcast', 'got.it@deliverability-e2e.example', 'Launch day in Sydney', 'x', 'x', now(), null, null, 'broadcast:9001'),
       (9002, '<e2e-2@clink>', 'audience-broadcast', 'bounced.reader.with.a.long.address@deliverability-e2e.example', 'Launch day in Sydney', 'x', 'x', null, now(), 'bounced', 'broadcast:9001'),
       (9003, '<e2e-3@clink>', 'audience-broadcast', 'waiting@deliverability-e2e.example', 'Launch day in Sydney', 'x', 'x', null, now(), 'held', 'broadcast:9001'),
       (9004, '<e2e-4@clink>', 'audience-broadcast', 'complainer@deliverability-e2e.example', 'Launch day in Sydney', 'x', 'x', now() - interval '2 minutes', null, null, 'broadcast:9001');
     insert into audience_broadcast_deliveries (broadcast_id, subscriber_id, mail_id, done_at) values (9001, 9001, 9001, now()), (9001, 9002, 9002, now()), (9001, 9003, 9003, now()), (9001, 9004, 9004, now());
     insert into mail_campaigns (key, label, attempted, bounced, complained, block, block_bounced, paused_at, paused_reason, paused_block, complaints_at_pause)
       values ('broadcast:9001', 'Broadcast #9001: Launch day in Sydney', 3, 1, 1, 0, 11, now(), '11 hard bounces among attempts 1 to 200: more than 5%', 0, 1);`,
    { env },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

test("the suppression list: read, added to and removed from", async ({ page }) => {
  test.setTimeout(120_000);
  await signInOn(page, server);
  await page.goto(`${server.url}/admin/subscribers`);
  const section = page.getByRole("region", { name: "Suppression list" });
  await expect(section).toBeVisible();
  const list = section.getByRole("list", { name: "Suppressed addresses" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("Bounced · since");

  await section.getByLabel("E-mail address").fill("not an address");
  await section.getByRole("button", { name: "Suppress" }).click();
  await expect(section.getByText("Please enter a valid email address")).toBeVisible();
  await section.getByLabel("E-mail address").fill("asked.to.stop@deliverability-e2e.example");
  await section.getByRole("button", { name: "Suppress" }).click();
  await expect(page.locator("li.toast").getByText("Address suppressed", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").first()).toContainText("asked.to.stop@deliverability-e2e.example");
  await expect(list.getByRole("listitem").first()).toContainText("Added by an administrator");

  await shootAtBothWidths(page, "suppression-list", section, { axe: true });

  page.once("dialog", (dialog) => void dialog.accept());
  await list.getByRole("button", { name: "Remove asked.to.stop@deliverability-e2e.example" }).click();
  await expect(page.locator("li.toast").getByText("Removed from the suppression list", { exact: true })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
});

test("a broadcast that paused itself: its report, then resumed", async ({ page }) => {
  test.setTimeout(120_000);
  await signInOn(page, server);
  await page.goto(`${server.url}/admin/broadcasts`);
  const panel = page.getByRole("main");
  const row = panel.getByRole("row").filter({ hasText: "Launch day in Sydney" });
  await expect(row).toContainText("Paused");
  await row.getByRole("button", { name: "Launch day in Sydney" }).click();
  const report = panel.getByRole("region", { name: "Report: Launch day in Sydney" });
  await expect(report.getByTestId("broadcast-state")).toHaveText("Paused");
  await expect(report.getByTestId("broadcast-paused")).toContainText(
    "It paused itself: 11 hard bounces among attempts 1 to 200: more than 5%.",
  );
  const figure = (label: string) =>
    report
      .locator("dl > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(figure("Delivered")).toHaveText("2");
  await expect(figure("Bounced")).toHaveText("1");
  await expect(figure("Complained")).toHaveText("1");
  await expect(figure("Left the list since")).toHaveText("0");
  await expect(figure("Waiting")).toHaveText("1");
  await shootAtBothWidths(page, "paused-broadcast", report, { axe: true });

  await report.getByRole("button", { name: "Resume sending" }).click();
  await expect(page.locator("li.toast").getByText("Broadcast resumed", { exact: true })).toBeVisible();
  await expect(report.getByTestId("broadcast-state")).toHaveText("Sent");
  await expect(figure("Delivered")).toHaveText("3", { timeout: scaled(30_000) });
  await expect(report.getByTestId("broadcast-paused")).toHaveCount(0);
});

test("the System section shows the mail domain's records as last checked", async ({ page }) => {
  test.setTimeout(120_000);
  await signInOn(page, server);
  const section = page.getByRole("region", { name: "Mail domain" });
  await expect(async () => {
    await page.goto(`${server.url}/admin/system`);
    await expect(section.getByRole("listitem")).toHaveCount(3, { timeout: scaled(2_000) });
  }).toPass({ timeout: scaled(30_000) });
  const item = (name: string) => section.getByRole("listitem").filter({ hasText: name });
  await expect(item("SPF")).toContainText("Right");
  await expect(item("DKIM")).toContainText("Right");
  await expect(item("DMARC")).toContainText("Missing");
  await expect(item("DMARC")).toContainText(`Add a TXT record at _dmarc.${DOMAIN}: v=DMARC1; p=none`);
  await expect(section).toContainText(`DKIM record to publish (TXT) at e2e._domainkey.${DOMAIN}`);
  await shootAtBothWidths(page, "system-mail-domain", section, { axe: true });
});
