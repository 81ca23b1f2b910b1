import { describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { signInCookie, startTestServer } from "../support/test-server";
import { serversStoppedAfterEach } from "../support/tracked-servers";

const track = serversStoppedAfterEach();

describe("checks that refuse a bad production start", () => {
  it.each([
    [{ SITE_URL: "" }, "SITE_URL: must be set in production"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ MAIL_TRANSPORT: "" }, "SMTP_URL: must be set in production"],
  ])("stops with a non-zero exit naming the variable: %o", async (env, message) => {
    const server = track(await startTestServer({ env, expectExit: true }));
    const code = await server.stop();
    expect(code).not.toBe(0);
    expect(server.output()).toContain(message);
  });

  it("warns at start and on every admin page about plain http and mail kept as files", async () => {
    const server = track(await startTestServer({ env: { SITE_URL: "http://clink.example" } }));
    await expect.poll(() => server.output()).toContain("not https");
    expect(server.output()).toContain("mail is not being delivered");
    const cookie = await signInCookie(server);
    for (const page of ["/admin", "/ai-admin"]) {
      const html = await (await fetch(`${server.url}${page}`, { headers: { cookie } })).text();
      expect(html, page).toContain("mail is not being delivered");
      expect(html, page).toContain("SITE_URL is http://clink.example, not https");
    }
    // Signed out, the warnings (they name the site's settings) are not shown.
    expect(await (await fetch(`${server.url}/admin`)).text()).not.toContain("mail is not being delivered");
  });
});

describe("a newcomer's start (npm start: LOCAL_DEFAULTS)", () => {
  it("puts the address PORT and HOST give into links, crawler files and the last console line", async () => {
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`; // the test server listens on HOST=127.0.0.1
    const server = track(await startTestServer({ env: { SITE_URL: "", MAIL_TRANSPORT: "", LOCAL_DEFAULTS: "true", PORT: String(port) } }));
    expect(server.port).toBe(port);
    // The start's last line says where to go: after it come only the scheduled jobs' own lines (a fresh
    // site takes its first daily backup and retention run at once, in the background).
    const line = `Open the site at ${site}/ and the admin at ${site}/admin`;
    await expect.poll(() => server.output()).toContain(line);
    const after = server
      .output()
      .split(line)[1]!
      .split("\n")
      .slice(1)
      .filter((l) => l.trim());
    for (const later of after) expect(JSON.parse(later).msg, later).toMatch(/^(backup written|retention run finished)$/);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain(`<link rel="canonical" href="${site}/"`);
    expect(home).not.toContain("localhost:3000");
    for (const file of ["/robots.txt", "/sitemap.xml", "/llms.txt", "/blog/rss.xml"]) {
      const text = await (await fetch(`${server.url}${file}`)).text();
      expect(text, file).toContain(site);
      expect(text, file).not.toContain("localhost:3000");
    }
  });
});

describe("the venue map's weather", () => {
  it("is labelled as simulated in the server-rendered page", async () => {
    const server = track(await startTestServer());
    const html = await (await fetch(`${server.url}/venue-map`)).text();
    expect(html).toMatch(/data-testid="weather-simulated"[^>]*>Weather shown is simulated/);
  });
});
