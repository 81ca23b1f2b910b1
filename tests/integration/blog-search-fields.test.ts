import { describe, expect, it } from "vitest";
import { createPost, publicApi, type Api } from "../support/api";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";
import { eventually } from "../support/eventually";

/** A post's search and social fields in its <head>, and "Hide from search engines" everywhere crawlers look. */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => ({ server, admin } = site));

const head = (html: string) => html.slice(0, html.indexOf("</head>"));
const visitorText = async (path: string) => {
  const res = await publicApi(server).get(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
describe("search and social fields", () => {
  it("show in the post's <head>: meta title and description, canonical URL, social title and image, robots noindex", async () => {
    const post = await createPost(admin, {
      title: "Cross-posted rooftop guide",
      metaTitle: "The rooftop bar guide",
      metaDescription: "Ten rooftop bars worth the climb, with prices and the best hour to arrive.",
      canonicalUrl: "https://example.org/rooftops",
      socialTitle: "Rooftops, ranked",
      socialImage: "https://images.example.org/rooftop.jpg",
      noindex: true,
    });
    expect(post).toMatchObject({ metaTitle: "The rooftop bar guide", canonicalUrl: "https://example.org/rooftops", noindex: true });
    const res = await publicApi(server).get(`/blog/${post.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    const html = head(await res.text());
    expect(html).toContain("<title>The rooftop bar guide</title>");
    expect(html).toContain(
      '<meta name="description" content="Ten rooftop bars worth the climb, with prices and the best hour to arrive."/>',
    );
    expect(html).toContain('<link rel="canonical" href="https://example.org/rooftops"/>');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('<meta property="og:title" content="Rooftops, ranked"/>');
    expect(html).toContain('<meta name="twitter:title" content="Rooftops, ranked"/>');
    expect(html).toContain('<meta property="og:image" content="https://images.example.org/rooftop.jpg"/>');
  });

  it("left empty, the defaults stay: title, excerpt, the post's own address, indexable", async () => {
    const post = await createPost(admin, { title: "Plain defaults post", excerpt: "Just the excerpt." });
    expect(post).toMatchObject({ metaTitle: null, metaDescription: null, canonicalUrl: null, noindex: false });
    const html = head(await visitorText(`/blog/${post.slug}`));
    expect(html).toContain("<title>Plain defaults post | Blog</title>");
    expect(html).toContain('<meta name="description" content="Just the excerpt."/>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/blog/${post.slug}"/>`);
    expect(html).not.toMatch(/name="robots"/);
  });

  it("a hidden post is left out of the sitemap, llms.txt, llms-full.txt, the AI sitemap and the feed; shown again when unhidden", async () => {
    const hidden = await createPost(admin, { title: "Hidden from engines", noindex: true });
    const shown = await createPost(admin, { title: "Shown to engines" });
    const SITE = "http://localhost:3000";
    // Each file's own entry for a post (the /blog page's text in llms-full.txt still links every post).
    const entries: Record<string, (slug: string) => string> = {
      "/sitemap.xml": (slug) => `<loc>${SITE}/blog/${slug}</loc>`,
      "/ai-sitemap.xml": (slug) => `<loc>${SITE}/blog/${slug}</loc>`,
      "/llms.txt": (slug) => `(${SITE}/blog/${slug}.md)`,
      "/llms-full.txt": (slug) => `Canonical: ${SITE}/blog/${slug}\n`,
      "/blog/rss.xml": (slug) => `<link>${SITE}/blog/${slug}</link>`,
    };
    await eventually(async () => (await visitorText("/sitemap.xml")).includes(`/blog/${shown.slug}`));
    for (const [file, entry] of Object.entries(entries)) {
      const text = await visitorText(file);
      expect(text, file).toContain(entry(shown.slug));
      expect(text, file).not.toContain(entry(hidden.slug));
    }
    const unhide = await admin.call("PUT", `/api/blog/${hidden.id}`, {
      title: hidden.title,
      slug: hidden.slug,
      author: "A",
      excerpt: "E",
      content: "C",
      category: "tips",
      noindex: false,
    });
    expect(unhide.status).toBe(200);
    await eventually(async () => (await visitorText("/sitemap.xml")).includes(`/blog/${hidden.slug}`));
    expect(await visitorText("/blog/rss.xml")).toContain(`/blog/${hidden.slug}`);
  });

  it("refuses a canonical URL that is no web address, and a social image that is neither one nor a site path", async () => {
    const res = await admin.call("POST", "/api/blog", {
      title: "Bad canonical",
      author: "A",
      excerpt: "E",
      content: "C",
      category: "tips",
      canonicalUrl: "javascript:alert(1)",
      socialImage: "data:x",
    });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors.canonicalUrl).toBe("The canonical URL must start with http:// or https://");
    expect(errors.socialImage).toBe("The social image must be an http(s) address or a site path");
  });
});
