import { describe, expect, it } from "vitest";
import type { Api } from "../support/api";
import { inviteStaff } from "../support/staff";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";

/**
 * Issue 32's "server-rendered figures": the Analytics section (the old Audience tab) has the default range's
 * figures in its first HTML (no script needed to see them); other sections do not compute them; the overview's
 * figures are the section's own (issue 42). Issue 49: "What it brought" and the funnel the address names, with
 * its filters, are read by the section's loader too (editors and up).
 */
const env = { SEED_DEMO: "false" };
let admin: Api;
let server: TestServer;

// Today's counts, as the collector would have written them (distinct numbers to find in the page).
const seed = `
insert into analytics_daily (day, dimension, key, views, visitors) values
  (current_date, 'site', '', 4321, 1234),
  (current_date, 'page', '/blog/first-html-figures', 4321, 1234),
  (current_date, 'source', 'search' || chr(9) || 'Google', 900, 876),
  (current_date, 'goal', 'contact', 37, 37);
-- Today's visits as steps: 1 (desktop) home then the sign-up; 2 (a phone) home; 3 (a phone, from Google) home then the App Store.
insert into analytics_visit_steps (day, visitor, at, path, goal, source, screen) values
  (current_date, 1, 1, '/', null, null, 'desktop'), (current_date, 1, 2, '/', 'signup', null, null),
  (current_date, 2, 1, '/', null, null, 'mobile'),
  (current_date, 3, 1, '/', null, 'Google', 'mobile'), (current_date, 3, 2, '/', 'app-store', 'Google', null);
insert into analytics_funnels (id, name, steps) values
  (7101, 'Home then sign-up', '[{"page": "/"}, {"goal": "signup"}]'),
  (7102, 'Home then App Store', '[{"page": "/"}, {"goal": "app-store"}]');
`;

siteForSuite({ env, seed }, (site) => ({ admin, server } = site));

/** The words of the element whose opening tag holds `marker`, up to `end` (tags and React's text separators left out). */
function textOf(html: string, marker: string, end: string): string {
  const at = html.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<", at);
  return html
    .slice(start, html.indexOf(end, at))
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
const funnelTable = (html: string) => textOf(html, 'data-testid="funnel-figures"', "</table>");

describe("the admin's Analytics section", () => {
  it("has the last 7 days' figures in its first HTML", async () => {
    const res = await admin.get("/admin/analytics");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/data-testid="analytics-pageviews"[^>]*>4321</);
    expect(html).toMatch(/data-testid="analytics-visitors"[^>]*>1234</);
    expect(html).toContain("/blog/first-html-figures");
    expect(html).toContain("876");
    expect(html).not.toContain("Loading the visitor figures");
  });

  it("shows the range in its address", async () => {
    const html = await (await admin.get("/admin/analytics?from=2020-01-01&to=2020-01-07")).text();
    expect(html).toMatch(/data-testid="analytics-pageviews"[^>]*>0</);
  });

  it("is what the overview counts: today and the last 7 days, the top page and source", async () => {
    const html = await (await admin.get("/admin")).text();
    expect(html).toMatch(/data-testid="overview-pageviews-today"[^>]*>4321</);
    expect(html).toMatch(/data-testid="overview-visitors-today"[^>]*>1234</);
    expect(html).toMatch(/data-testid="overview-pageviews-week"[^>]*>4321</);
    expect(html).toMatch(/data-testid="overview-top-page"[^>]*>\/blog\/first-html-figures</);
    expect(html).toMatch(/data-testid="overview-top-source"[^>]*>Google</);
  });

  it("leaves them out of another section", async () => {
    const html = await (await admin.get("/admin/posts")).text();
    expect(html).not.toContain("analytics-pageviews");
    expect(html).not.toContain("/blog/first-html-figures");
  });
});

describe("the Analytics section's funnels and what it brought", () => {
  it("has the newest funnel's figures and what the store buttons brought in its first HTML", async () => {
    const html = await (await admin.get("/admin/analytics")).text();
    expect(html).toMatch(/<option value="7102" selected="">Home then App Store</);
    expect(funnelTable(html)).toContain("1. / 3 – 100.0% – 2. App Store 1 2 33.3% 33.3%");
    expect(textOf(html, 'id="brought-heading"', "</section>")).toContain("iOS App Store button Google – / – 1 1");
  });

  it("shows the funnel and the filters its address names, and the newest when that funnel is gone", async () => {
    const html = await (await admin.get("/admin/analytics?funnel=7101&device=desktop")).text();
    expect(html).toMatch(/<option value="7101" selected="">Home then sign-up</);
    expect(funnelTable(html)).toContain("1. / 1 – 100.0% – 2. Early-adopter sign-up 1 0 100.0% 100.0%");
    expect(funnelTable(await (await admin.get("/admin/analytics?funnel=7101&device=mobile")).text())).toContain(
      "1. / 2 – 100.0% – 2. Early-adopter sign-up 0 2 0.0% 0.0%",
    );
    const gone = await (await admin.get("/admin/analytics?funnel=99999")).text();
    expect(gone).toMatch(/<option value="7102" selected="">/);
  });

  it("says a filter that is not one in place of the figures", async () => {
    const html = await (await admin.get("/admin/analytics?funnel=7101&page=faq")).text();
    expect(html).toContain("page must be a path starting with /, ending with * for every page under it");
    expect(html).not.toContain('data-testid="funnel-figures"');
  });

  it("answers an address of control characters, text past U+00FF and ids that are not ones with the page; NUL gets the site's 400", async () => {
    const shown = [
      "funnel=1e3&source=%E0%A4%97%E0%A5%82%E0%A4%97%E0%A4%B2",
      "funnel=%D9%A3&campaign=%E6%89%8B%E6%9C%BA",
      "funnel=99999999999&page=/%F0%9F%8D%BA/*&device=%E6%89%8B%E6%9C%BA",
      "from=%EF%BC%92%EF%BC%90&to=2026-02-30&funnel=-1",
      "campaign=%1B%5B31m%7F&source=%E2%80%A8%C2%85&page=/a%09b",
    ];
    for (const query of shown) {
      const res = await admin.get(`/admin/analytics?${query}`);
      expect(res.status, query).toBe(200);
      expect(await res.text(), query).toContain('id="funnels-heading"');
    }
    // What cannot be text at all is refused before any loader by the request guard (server/request-guards.ts), with its words.
    for (const query of ["source=%00", "campaign=%ED%A0%80", "page=%E0%A4"]) {
      const res = await admin.get(`/admin/analytics?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.text()).length, query).toBeGreaterThan(0);
    }
    expect((await admin.get("/healthz")).status).toBe(200);
  });

  it("reads neither for an author, whose view is their own posts' pages", async () => {
    const author = await inviteStaff(server, admin, "analytics-page-author@test.clink.app", "author");
    const res = await author.get("/admin/analytics?funnel=7101");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="analytics-pageviews"');
    expect(html).not.toContain('id="funnels-heading"');
    expect(html).not.toContain('id="brought-heading"');
    expect(html).not.toContain("Home then sign-up");
  });
});
