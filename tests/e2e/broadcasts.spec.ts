import { adminApi } from "../support/api";
import { seedAndRestart } from "../support/database-rows";
import { outboxMessages, waitForMail } from "../support/outbox-folder";
import type { TestServer } from "../support/test-server";
import { axeViolations, expect, shootAtBothWidths, startOwnServer, test, TEST_ADMIN } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * Issue 43 in Chromium: a broadcast is written in the Broadcasts section (the post editor's text surface and a
 * preview), its recipients counted before sending, tested to oneself, sent, and its report read, at 375
 * and 1280 px, axe clean. Its own server, with three early adopters in Sydney and one in London.
 */
let server: TestServer;
// Two starts of a server of its own (seeded, then restarted) may take minutes on two loaded cores.
test.describe.configure({ mode: "serial", timeout: scaled(300_000) });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const people = ["syd.a", "syd.b", "syd.c", "lon.a"].map(
    (name) =>
      `('waitlist', '${name}@e2e-bc.example', '${name.startsWith("syd") ? "Sydney" : "London"}', 'ios', 'confirmed', '/early-access', 'seeded', now())`,
  );
  const fresh = await startOwnServer({ env: { SEED_DEMO: "false" } });
  server = await seedAndRestart(
    fresh,
    `insert into audience_subscribers (list, email, city, platform, state, consent_page, consent_wording, confirmed_at) values ${people.join(", ")};`,
    { env: { SEED_DEMO: "false" } },
  );
});
test.afterAll(async () => {
  await server?.stop();
});

test("a broadcast is written, tested, sent and its report read", async ({ page, context }) => {
  test.setTimeout(180_000);
  const { cookie } = await adminApi(server);
  const at = cookie!.indexOf("=");
  await context.addCookies([{ name: cookie!.slice(0, at), value: cookie!.slice(at + 1), url: server.url }]);
  await page.goto(`${server.url}/admin/broadcasts`);
  const panel = page.getByRole("main");
  await expect(panel.getByRole("heading", { level: 1, name: "Broadcasts" })).toBeVisible();
  await expect(panel.getByText("No broadcasts yet.")).toBeVisible();
  await panel.getByRole("button", { name: "New broadcast" }).click();

  await panel.getByLabel("Subject").fill("Clink is open in Sydney");
  await panel.getByLabel("City").selectOption("Sydney");
  await expect(panel.getByTestId("recipient-count")).toContainText("3 people would get it now");
  await expect(panel.locator("[data-markdown-editor][data-editor-ready]")).toHaveCount(1, { timeout: scaled(30_000) });
  const text = "## Download it today\n\nThe app is open in **Sydney**. [Get it](https://clink.app/download).";
  // The message as the writer sees it: the preview beside the editor shows every part of the Markdown.
  const preview = panel.getByRole("region", { name: "Preview" });
  await expect(async () => {
    await panel.getByRole("textbox", { name: "Message", exact: true }).fill(text);
    await expect(preview.getByRole("link", { name: "Get it" })).toHaveAttribute("href", "https://clink.app/download", {
      timeout: scaled(3_000),
    });
  }).toPass({ timeout: scaled(30_000) });
  await expect(preview.getByRole("heading", { name: "Download it today" })).toBeVisible();
  await expect(preview.locator("p").first()).toHaveText("The app is open in Sydney. Get it.");
  await expect(preview.locator("strong")).toHaveText("Sydney");

  await panel.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.locator("li.toast").getByText("Test sent to your address", { exact: true })).toBeVisible();
  await waitForMail(server.dataDir, TEST_ADMIN.email, /^\[Test\] Clink is open in Sydney$/);
  await shootAtBothWidths(page, "broadcast-composer", panel);
  expect(await axeViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole("button", { name: "Send now" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Send this broadcast now?" });
  await expect(dialog).toContainText("3 people now");
  await dialog.getByRole("button", { name: "Send to everyone" }).click();

  const report = panel.getByRole("region", { name: "Report: Clink is open in Sydney" });
  await expect(report.getByTestId("broadcast-state")).toHaveText("Sent", { timeout: scaled(60_000) });
  const figure = (label: string) =>
    report
      .locator("dl > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(figure("Delivered")).toHaveText("3", { timeout: scaled(60_000) });
  await expect(figure("Recipients")).toHaveText("3");
  await expect(figure("Failed")).toHaveText("0");
  expect(
    outboxMessages(server.dataDir)
      .filter((m) => m.subject === "Clink is open in Sydney")
      .map((m) => m.to)
      .sort(),
  ).toEqual(["syd.a@e2e-bc.example", "syd.b@e2e-bc.example", "syd.c@e2e-bc.example"]);
  await shootAtBothWidths(page, "broadcast-report", report);
  expect(await axeViolations(page)).toEqual([]);

  await report.getByRole("button", { name: "All broadcasts" }).click();
  const row = panel.getByRole("row").filter({ hasText: "Clink is open in Sydney" });
  await expect(row).toContainText("Early-adopter list · Sydney");
  await expect(row).toContainText("Sent");
  await shootAtBothWidths(page, "broadcast-list", panel);
  expect(await axeViolations(page)).toEqual([]);
});
