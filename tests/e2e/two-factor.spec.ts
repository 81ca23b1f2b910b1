import { Secret, TOTP } from "otpauth";
import { expect, shootAtBothWidths, signInOn, startOwnServer, test } from "./fixtures";

/**
 * The Security page's authenticator app in Chromium (issue 49: its forms go through useAdminTask, their errors said
 * beside the form, not in a toast): set up, a wrong code said inline, new recovery codes, the owner's requirement
 * for all staff switched on and off (the page reads the change again), turning the app off refused while it is
 * required, then done. A server of its own: the owner's two-factor would ask the other specs for a code.
 *
 * A code is taken once per 30 s step, and the server accepts the steps just before and after its own: each code
 * is for the step after the last one used, or the current one if later; when that is two steps ahead, the test
 * waits for the clock to reach the next step (a condition, at most one step), so no speed of the machine matters.
 */
const PERIOD_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

test("the authenticator app is set up, managed and turned off from the Security page, its errors beside the form", async ({ page }) => {
  test.setTimeout(120_000);
  const server = await startOwnServer();
  try {
    await signInOn(page, server);
    await page.goto(`${server.url}/admin/security`);
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await expect(section.getByText("Off: your password alone signs you in.")).toBeVisible();

    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await section.getByTestId("totp-secret").innerText()).trim();
    const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    const codeAt = (step: number) => totp.generate({ timestamp: step * PERIOD_MS + 1 });
    let lastUsed = 0;
    const nextCode = async () => {
      const step = Math.max(lastUsed + 1, stepNow());
      await expect.poll(stepNow, { timeout: PERIOD_MS + 10_000 }).toBeGreaterThanOrEqual(step - 1);
      lastUsed = step;
      return codeAt(step);
    };
    await section.getByLabel("Code from the app").fill(await nextCode());
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(section.getByRole("status")).toHaveText("Two-factor sign-in is on.");
    await expect(section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await section.getByRole("button", { name: "Done" }).click();
    await expect(section.getByText("On: sign-in asks for a code from your authenticator app. 10 of 10 recovery codes left.")).toBeVisible();

    // A wrong code: said beside the form, and no recovery codes are made.
    const codeField = section.getByLabel("Code from your authenticator app");
    await codeField.fill(codeAt(stepNow() + 10));
    await section.getByRole("button", { name: "Make new recovery codes" }).click();
    await expect(section.getByRole("alert")).toHaveText("That code is not valid. Please try again.");
    await expect(section.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

    await codeField.fill(await nextCode());
    await section.getByRole("button", { name: "Make new recovery codes" }).click();
    await expect(section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await expect(section.getByRole("alert")).toHaveCount(0);
    await expect(codeField).toHaveValue("");
    await shootAtBothWidths(page, "security-two-factor", section, { axe: true });

    // The owner's requirement: the page reads it again after each change.
    await section.getByRole("button", { name: "Require two-factor sign-in for all staff" }).click();
    await expect(section.getByText(/^Required: staff without a second factor/)).toBeVisible();
    // Required, and no passkey: turning the app off is refused, said beside the form, and the app stays on.
    await codeField.fill(codeAt(lastUsed + 1));
    await section.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(section.getByRole("alert").first()).toHaveText(
      "Two-factor sign-in is required for all staff: add a passkey before turning the authenticator app off.",
    );
    await expect(section.getByText(/^On: sign-in asks for a code/)).toBeVisible();
    await section.getByRole("button", { name: "Stop requiring two-factor sign-in" }).click();
    await expect(section.getByText("Not required: each member chooses.")).toBeVisible();

    await codeField.fill(await nextCode());
    await section.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(section.getByText("Off: your password alone signs you in.")).toBeVisible();
  } finally {
    await server.stop();
  }
});
