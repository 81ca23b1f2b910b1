import { describe, expect, it } from "vitest";
import type { Api } from "../support/api";
import { siteForSuite } from "../support/suite";

/**
 * Issue 32's "server-rendered figures": the Analytics section (the old Audience tab) has the default range's
 * figures in its first HTML (no script needed to see them); other sections do not compute them; the overview's
 * figures are the section's own (issue 42).
 */
const env = { SEED_DEMO: "false" };
let admin: Api;

// Today's counts, as the collector would have written them (distinct numbers to find in the page).
const seed = `
insert into analytics_daily (day, dimension, key, views, visitors) values
  (current_date, 'site', '', 4321, 1234),
  (current_date, 'page', '/blog/first-html-figures', 4321, 1234),
  (current_date, 'source', 'search' || chr(9) || 'Google', 900, 876),
  (current_date, 'goal', 'contact', 37, 37);
`;

siteForSuite({ env, seed }, (site) => (admin = site.admin));

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
