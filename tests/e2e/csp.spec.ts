import { expect, test } from "./fixtures";

/**
 * Cached public pages are the same bytes for everyone, with no per-response nonce (server/page-entry.ts):
 * their CSP must still refuse a script someone manages to slip into the HTML. The page is fetched from
 * the server (its real headers) and an inline script added to its body before Chromium gets it.
 */
for (const path of ["/about", "/contact", "/blog"]) {
  test(`the CSP of the cached ${path} blocks an inline script injected into it`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(event.effectiveDirective));
    });
    let cache: string | undefined;
    await page.route(`**${path}`, async (route) => {
      // Wait for the kept copy rather than guess it is there: another test's publish can change /blog's
      // content version between two requests, and the next answer is then a fresh render (MISS).
      let response = await route.fetch();
      for (let tries = 0; response.headers()["x-cache"] !== "HIT" && tries < 20; tries++) response = await route.fetch();
      cache = response.headers()["x-cache"];
      const body = (await response.text()).replace("</body>", "<script>window.injected = true</script></body>");
      await route.fulfill({ response, body });
    });
    await page.goto(path);
    expect(cache).toBe("HIT");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))
      .toContain("script-src-elem");
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
}
