import type { Page } from "@playwright/test";
import { faqPageItems, homeFaq } from "~/site/faq-content";
import { axeViolations, expect, test } from "./fixtures";

// Its tests share nothing but the suite's server: they spread over the workers instead of queueing in one
// (the file's tests one after another were the browser suite's last minutes).
test.describe.configure({ mode: "parallel" });

/** Every public content page this branch fills, with text the spec names for it. */
const CONTENT: Record<string, string[]> = {
  "/": [
    "Never drink alone",
    "Find Nearby",
    "Find Partner",
    "Vouchers",
    "Events",
    "Split Bills",
    "Only 500 spots available",
    "How Clink Works",
    "Create Your Profile",
    "Find Companions",
    "Meet & Enjoy",
    "Download Clink",
  ],
  "/about": ["About Clink", "Our mission", "Founded in 2022 in Sydney", "Safety First", "Inclusivity", "Responsibility", "Meet the team"],
  "/faq": ["Frequently Asked Questions", "Contact Our Support Team"],
  "/contact": ["Contact Our Support Team", "Email support", "support@clink.app", "Sydney, Australia", "Quick links"],
  "/privacy-policy": ["Privacy Policy", "Last updated August 2025"],
  "/terms-conditions": ["Terms and Conditions", "Last updated May 2025", "30 days' notice of material changes", "Sydney, Australia"],
  "/irl-meetups": [
    "IRL Meetups at Real Bars",
    "Browse real events",
    "RSVP securely",
    "Meet and connect",
    "Happy hour meetups",
    "Weekend socials",
    "Themed bar nights",
    "Traveler meetups",
    "ID verification",
    "Phone confirmation",
    "Public venues only",
    "Check-in",
    "24/7 safety hotline",
    "15-20 participants",
  ],
  "/social-drinking-app": [
    "The Social Drinking App",
    "Real connections",
    "Local discovery",
    "Safe and secure",
    "50,000+",
    "1M+",
    "15,000+",
    "4.8/5",
    "12,547",
    "What our members say",
  ],
  "/happy-hour": [
    "Find Happy Hours Near You",
    "Find Happy Hours Now",
    "Watch Demo",
    "After Work Drinks",
    "Singles Meetups",
    "Networking Happy Hours",
    "Weekend Socials",
  ],
  "/meetups": [
    "Find Meetups Near You",
    "Create Your Event",
    "Networking",
    "12-25",
    "Social Mixers",
    "8-20",
    "Interest Groups",
    "6-15",
    "Singles",
    "10-30",
    "500K+",
    "50K+",
    "150+",
    "4.9/5",
  ],
  "/dating": [
    "Dating Over Drinks",
    "Group dating",
    "Verified safety",
    "Real chemistry",
    "Easy conversation",
    "Curated events",
    "Local matches",
    "Speed Dating 2.0",
    "2-3 hours",
    "Cocktail Mixers",
    "3-4 hours",
    "Activity Dates",
    "2-4 hours",
    "Wine & Dine",
    "3-5 hours",
    "It started with a drink",
  ],
  "/venue-map": ["Explore Venues Near You", "Filter by type", "Click to explore", "Connect and visit", "15,847"],
  "/advertise": ["Advertise With Us", "Targeted demographic", "Location-based marketing", "Enhanced visibility", "Flexible ad options"],
  "/delete-my-data": ["Delete My Information", "This cannot be undone", "24 hours"],
};
const PAGES = Object.keys(CONTENT);

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

for (const path of PAGES) {
  test(`${path} shows its content, one h1, a 50-160 character description and its structured data`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator("main");
    for (const text of CONTENT[path] ?? []) await expect(main.getByText(text).filter({ visible: true }).first()).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
    const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(160);
    if (path !== "/") {
      const types = (await jsonLd(page)).map((data) => data["@type"]);
      expect(types).toContain("WebPage");
      // No trail is shown on these pages, so none is marked up (issue 14).
      expect(types).not.toContain("BreadcrumbList");
      expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
    }
  });
}

test("the home page carries Organization, WebSite with a SearchAction and a FAQPage of the questions /faq does not mark up", async ({
  page,
}) => {
  await page.goto("/");
  const data = await jsonLd(page);
  expect(data.find((d) => d["@type"] === "Organization")).toMatchObject({ name: "Clink" });
  const site = data.find((d) => d["@type"] === "WebSite") as { potentialAction: Record<string, string> };
  expect(site.potentialAction).toMatchObject({
    "@type": "SearchAction",
    target: expect.stringMatching(/^https?:\/\/[^/]+\/search\?q=\{search_term_string\}$/),
    "query-input": "required name=search_term_string",
  });
  const faq = data.find((d) => d["@type"] === "FAQPage") as { mainEntity: Array<{ name: string }> };
  // Each question is marked up once across the site (/faq holds the full list).
  const onFaqPage = new Set(faqPageItems.map((q) => q.question));
  expect(faq.mainEntity.map((q) => q.name)).toEqual(homeFaq.filter((q) => !onFaqPage.has(q.question)).map((q) => q.question));
});

test("/faq carries a FAQPage with the 10 questions shown", async ({ page }) => {
  await page.goto("/faq");
  const faq = (await jsonLd(page)).find((d) => d["@type"] === "FAQPage") as { mainEntity: unknown[] };
  expect(faq.mainEntity).toHaveLength(10);
});

for (const [path, items] of [
  ["/", homeFaq],
  ["/faq", faqPageItems],
] as const) {
  test(`every question and answer on ${path} is in the server HTML`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const decoded = html.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
    for (const item of items) {
      expect(decoded).toContain(item.question);
      expect(decoded).toContain(item.answer);
    }
  });
}

// The accordions are native <details name> groups: they work with no script at all.
test.describe("accordions without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, items] of [
    ["/", homeFaq],
    ["/faq", faqPageItems],
  ] as const) {
    test(`the ${path} accordion keeps at most one answer open and closes the open one on a second click`, async ({ page }) => {
      await page.goto(path);
      const questions = page.locator("details");
      await expect(questions).toHaveCount(items.length);
      await expect(page.locator("details[open]")).toHaveCount(0);
      const [first, second] = [items[0]!, items[1]!];
      const firstSummary = page.locator("summary", { hasText: first.question });
      const secondSummary = page.locator("summary", { hasText: second.question });

      await firstSummary.click();
      await expect(page.getByText(first.answer)).toBeVisible();
      await expect(page.locator("details[open]")).toHaveCount(1);

      await secondSummary.click();
      await expect(page.getByText(first.answer)).toBeHidden();
      await expect(page.getByText(second.answer)).toBeVisible();
      await expect(page.locator("details[open]")).toHaveCount(1);

      await secondSummary.click();
      await expect(page.getByText(second.answer)).toBeHidden();
      await expect(page.locator("details[open]")).toHaveCount(0);
    });

    test(`the ${path} accordion works from the keyboard`, async ({ page }) => {
      await page.goto(path);
      const firstSummary = page.locator("summary", { hasText: items[0]!.question });
      const secondSummary = page.locator("summary", { hasText: items[1]!.question });
      await firstSummary.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(items[0]!.answer)).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(secondSummary).toBeFocused();
      await page.keyboard.press("Space");
      await expect(page.getByText(items[1]!.answer)).toBeVisible();
      await expect(page.getByText(items[0]!.answer)).toBeHidden();
      await page.keyboard.press("Enter");
      await expect(page.getByText(items[1]!.answer)).toBeHidden();
    });
  }
});

test("store buttons open the configured URLs in a new tab", async ({ page }) => {
  await page.goto("/");
  const checks: Array<[string, RegExp]> = [
    ["App Store", /^https:\/\/apps\.apple\.com\//],
    ["Google Play", /^https:\/\/play\.google\.com\//],
  ];
  for (const [name, href] of checks) {
    const links = page.locator("main").getByRole("link", { name: new RegExp(name) });
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  }
  // The download buttons on the social drinking page link to the stores too.
  await page.goto("/social-drinking-app");
  await expect(
    page
      .locator("main")
      .getByRole("link", { name: /App Store/ })
      .first(),
  ).toHaveAttribute("href", /apps\.apple\.com/);
  await expect(
    page
      .locator("main")
      .getByRole("link", { name: /Google Play/ })
      .first(),
  ).toHaveAttribute("href", /play\.google\.com/);
});

test("contact opens the mail client with the subject and links to help pages and home", async ({ page }) => {
  await page.goto("/contact");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Email Support" })).toHaveAttribute(
    "href",
    "mailto:support@clink.app?subject=I%20have%20a%20question",
  );
  await expect(main.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
  await expect(main.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  await expect(main.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute("href", "/terms-conditions");
  await main.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("about and FAQ buttons lead to contact and home", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("main").getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await page.locator("main").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto("/faq");
  await page.locator("main").getByRole("link", { name: "Contact Our Support Team" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("the privacy policy has nine sections and the terms twelve, each an h2", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.locator("main h2")).toHaveCount(9);
  await expect(page.locator("main").getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await page.goto("/terms-conditions");
  await expect(page.locator("main h2")).toHaveCount(12);
  await expect(page.locator("main").getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

// One test per page and width (this file runs in parallel): twelve scans in one test made it the suite's longest
// (125 s) and left the other workers idle at the end (issue 48).
for (const width of [375, 1280]) {
  for (const path of PAGES) {
    test(`${path}: no axe violations and no sideways scrolling at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: width });
    });
  }
}
