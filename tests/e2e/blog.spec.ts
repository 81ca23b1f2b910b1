import { adminApi, createPost as createAnyPost } from "../support/api";
import type { Page } from "@playwright/test";
import { axeViolations, expect, startOwnServer, test } from "./fixtures";

/** The blog pages' small script has attached live search (they load no framework JavaScript). */
async function liveSearchReady(page: Page) {
  await expect(page.locator("html[data-live-search=ready]")).toHaveCount(1);
}

const unique = `Zephyr${Date.now().toString(36)}`;

/** Creates a post through the API as the admin and answers it. */
async function createPost(baseURL: string, overrides: Record<string, unknown> = {}) {
  return createAnyPost(await adminApi({ url: baseURL }), {
    title: `${unique} cocktail crawl`,
    author: "Test Author",
    excerpt: `An evening of ${unique} cocktails.`,
    content: "## The plan\n\nMeet at **eight**.",
    category: "nightlife",
    tags: ["cocktails"],
    ...overrides,
  });
}

/** Holds the blog's search requests until the returned function is called, so a test can act while one is on its way. */
async function holdBlogSearches(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/blog\?q=/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("search filters live, keeps the query in the URL and clears", async ({ page, baseURL }) => {
  const post = await createPost(baseURL!);
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Clink Blog" })).toBeVisible();
  await liveSearchReady(page);
  const box = page.getByPlaceholder("Search blog posts...");
  await box.fill(unique.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`q=${unique.toUpperCase()}`));
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();

  await box.fill(`${unique}-nothing-like-this`);
  await expect(page.getByText("No blog posts found matching your search.")).toBeVisible();
  await page.getByRole("link", { name: "Clear Search" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(box).toHaveValue("");
  expect(await page.getByRole("article").count()).toBeGreaterThan(0);
});

test("the server renders the same search result without JavaScript", async ({ browser, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} nojs night` });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/blog?q=${encodeURIComponent(`${unique} nojs`)}`);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();
  // The box is a plain GET form: Enter searches, a card opens its post.
  await page.goto(`${baseURL}/blog`);
  await page.getByPlaceholder("Search blog posts...").fill(`${unique} nojs`);
  await page.getByPlaceholder("Search blog posts...").press("Enter");
  await expect(page).toHaveURL(/\/blog\?q=/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("link", { name: post.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
  // /search too.
  await page.goto(`${baseURL}/search`);
  await page.getByLabel("Search the site").fill(`${unique} nojs`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();
  await context.close();
});

test("a card clicked right after typing a search always opens the post", async ({ page, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} quick click` });
  for (let round = 0; round < 3; round++) {
    await page.goto(`/blog?q=${encodeURIComponent(`${unique} quick`)}`);
    await liveSearchReady(page);
    // Hold the search the typing starts, so that it answers while the card is being clicked.
    const release = await holdBlogSearches(page);
    await page.getByPlaceholder("Search blog posts...").pressSequentially(" cl", { delay: 20 });
    const card = page.getByRole("link", { name: post.title });
    await card.hover();
    await page.mouse.down();
    release();
    await page.mouse.up();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await page.unroute(/\/blog\?q=/);
  }
});

test("/search shows results as one types, with the same texts as without JavaScript", async ({ page, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} typed search`, content: `Evenings with ${unique}typed friends.` });
  await page.goto("/search");
  await liveSearchReady(page);
  await page.getByLabel("Search the site").fill(`${unique}`);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${unique}$`));
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();
  await expect(page).toHaveTitle(`Search results for "${unique}"`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search results for "${unique}"`);
  await page.getByLabel("Search the site").fill(`${unique}nothingatall`);
  await expect(page.getByRole("status")).toHaveText(`Nothing matched "${unique}nothingatall". Try other words, or browse the blog.`);
  expect(await axeViolations(page)).toEqual([]);
});

test("card to post and back keeps the search; the post page is complete", async ({ page, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} roundtrip`, author: "Round Trip" });
  await page.goto(`/blog?q=${unique}`);
  await page.getByRole("link", { name: post.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText("By Round Trip").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "About the Author" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The plan" })).toBeVisible();
  const share = encodeURIComponent(`http://localhost:3000/blog/${post.slug}`);
  await expect(page.getByRole("link", { name: /Share on Facebook/ })).toHaveAttribute("href", new RegExp(share));
  await expect(page.getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute("href", new RegExp(share));
  await expect(page.getByRole("link", { name: /Share on X/ })).toHaveAttribute("href", new RegExp(share));
  expect(await axeViolations(page)).toEqual([]);

  // The browser's Back returns to the search; the page's own button to the blog.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=${unique}$`));
  await expect(page.getByPlaceholder("Search blog posts...")).toHaveValue(unique);
  await page.goForward();
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("a permalink loads directly with article metadata; an unknown slug is the 404 page", async ({ page, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} permalink` });
  const res = await page.goto(`/blog/${post.slug}`);
  expect(res!.status()).toBe(200);
  await expect(page).toHaveTitle(`${post.title} | Blog`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http:\/\/localhost:3000\/images\/blog\/nightlife\.webp$/,
  );
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(ld.some((text) => JSON.parse(text)["@type"] === "BlogPosting")).toBe(true);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");

  const missing = await page.goto(`/blog/${unique}-does-not-exist`);
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`a post shows its breadcrumb trail and marks up exactly that trail at ${width} px`, async ({ page, baseURL }) => {
    const post = await createPost(baseURL!, { title: `${unique} breadcrumb trail with a rather long title for a narrow screen` });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/blog/${post.slug}`);
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("listitem")).toHaveText(["Home", "Blog", post.title]);
    await expect(trail.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(trail.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(trail.locator('[aria-current="page"]')).toHaveText(post.title);
    // Each separator ends the item before it, so a wrapped line never starts with one.
    await expect(trail.locator("li > svg:first-child")).toHaveCount(0);
    await expect(trail.locator("li > svg:last-child")).toHaveCount(2);
    // The trail stays on screen (a long title is cut with an ellipsis, not pushed off the side).
    const box = (await trail.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    const list = ld.find((d) => d["@type"] === "BreadcrumbList") as {
      "@id": string;
      itemListElement: Array<{ name: string; item: string }>;
    };
    expect(list.itemListElement.map((item) => item.name)).toEqual(["Home", "Blog", post.title]);
    expect(list.itemListElement[2]!.item).toMatch(new RegExp(`/blog/${post.slug}$`));
    expect(ld.find((d) => d["@type"] === "WebPage")).toMatchObject({ breadcrumb: { "@id": list["@id"] } });
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const width of [375, 1280]) {
  test(`tag and author pages and a numbered page pass axe and stay on screen at ${width} px`, async ({ page, baseURL }) => {
    const post = await createPost(baseURL!, {
      title: `${unique} tagged ${width}`,
      author: `Axe Author ${width}`,
      tags: [`AxeTag${width}`],
    });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/blog/${post.slug}`);
    await page.getByRole("link", { name: `AxeTag${width}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/tag/axetag${width}$`));
    await expect(page.getByRole("heading", { level: 1, name: `AxeTag${width}` })).toBeVisible();
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await page.getByRole("link", { name: `Axe Author ${width}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/author/axe-author-${width}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Axe Author ${width}` })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}

test("the blog index shows no trail and marks up none", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
  const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => (JSON.parse(text) as { "@type": string })["@type"],
  );
  expect(types).not.toContain("BreadcrumbList");
});

test("a hostile post is rendered harmless", async ({ page, baseURL }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const post = await createPost(baseURL!, {
    title: `${unique} <img src=x onerror=alert(1)>`,
    content:
      '<script>alert("xss")</script>\n\n<img src=x onerror="alert(2)">\n\n[click me](javascript:alert(3))\n\n<iframe src="https://example.com"></iframe>\n\nSafe **text**.',
  });
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByText("Safe text.")).toBeVisible();
  const body = page.locator(".blog-prose");
  await expect(body.locator("script, iframe, img[onerror]")).toHaveCount(0);
  const hrefs = await body.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.some((href) => /^javascript:/i.test(href))).toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("<img src=x onerror=alert(1)>");
  await page
    .getByText("click me")
    .click()
    .catch(() => undefined);
  await page.waitForTimeout(200);
  expect(dialogs).toEqual([]);
});

test("the RSS feed lists the latest posts", async ({ request, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} feed item` });
  const res = await request.get("/blog/rss.xml");
  expect(res.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await res.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain(`<link>http://localhost:3000/blog/${post.slug}</link>`);
});

test("site search finds posts with highlighted words, and pages", async ({ page, baseURL }) => {
  const post = await createPost(baseURL!, { title: `${unique} searchable`, content: `A long evening with ${unique}marker friends.` });
  await page.goto(`/search?q=${unique}`);
  await expect(page).toHaveTitle(`Search results for "${unique}"`);
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();
  await expect(page.locator("mark").first()).toBeVisible();
  await page.goto("/search?q=privacy");
  await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("while posts load it says so, and a failed load shows the spec's error", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
  await liveSearchReady(page);
  const release = await holdBlogSearches(page);
  await page.getByLabel("Search blog posts").fill("rooftop");
  await expect(page.getByRole("status")).toHaveText("Loading blog posts...");
  release();
  await expect(page.getByRole("status")).not.toHaveText("Loading blog posts...");

  await page.unroute(/\/blog\?q=/);
  await page.route(/\/blog\?q=/, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "database down" }));
  await page.getByLabel("Search blog posts").fill("sunset");
  await expect(page.getByRole("alert")).toHaveText("Error loading blog posts. Please try again later.");
});

test("an empty blog says so, and the list passes axe", async ({ page }) => {
  const server = await startOwnServer({ env: { SEED_DEMO: "false" } });
  try {
    await page.goto(`${server.url}/blog`);
    await expect(page.getByText("No blog posts available yet.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await server.stop();
  }
});
