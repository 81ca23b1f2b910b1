import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, type Api, type CreatedPost } from "../support/api";
import { buildStarter } from "../support/eleventy-starter";
import { freePort } from "../support/free-port";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Ghost's Eleventy starter, unchanged but for its site address and key, builds against a test site
 * (issue 40, decision record 0054): every post becomes an HTML page with its text, its links are absolute
 * and answer, its images answer, and a post hidden from search engines is listed as /blog lists it.
 */
let server: TestServer;
let admin: Api;
let siteUrl: string;
beforeAll(async () => {
  // The starter strips its GHOST_API_URL from the API's addresses to make its pages' paths: the site's
  // own address must be the one it is asked at.
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  server = await startTestServer({ env: { SEED_DEMO: "false", PORT: String(port), SITE_URL: siteUrl } });
  admin = await adminApi(server);
});
afterAll(async () => {
  await server?.stop();
});

const png = (colour: string) =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function uploadMedia(colour: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png(colour))], { type: "image/png" }), "harbour.png");
  const res = await fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: admin.cookie! } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** Every address an HTML file points at with href, src or data-src, from the article's body. */
function addressesIn(html: string, attribute: "href" | "src" | "data-src"): string[] {
  return [...html.matchAll(new RegExp(`\\s${attribute}=["']?([^"'\\s>]+)`, "g"))].map((m) => m[1]!);
}

/** The addresses in every srcset (and the lazy-loading plugin's data-srcset). */
function srcsetAddressesIn(html: string): string[] {
  return [...html.matchAll(/\s(?:data-)?srcset=["']([^"']+)["']/gi)].flatMap((m) =>
    m[1]!.split(",").map((entry) => entry.trim().split(/\s+/)[0]!),
  );
}

describe("Ghost's Eleventy starter", () => {
  let posts: CreatedPost[];
  let hidden: CreatedPost;
  let draft: CreatedPost;
  let built: { dist: string; output: string };

  it(
    "builds against the site with its own build script",
    async () => {
      const keyRes = await admin.call("POST", "/api/admin/integrations", { name: "Eleventy starter" });
      expect(keyRes.status).toBe(201);
      const key = ((await keyRes.json()) as { contentApiKey: string }).contentApiKey;
      const picture = await uploadMedia("#0ea5e9");
      posts = [
        await createPost(admin, {
          title: "Starter harbour night",
          author: "Ana Vale",
          tags: ["Guides"],
          content: `Lanterns swing over the harbour bar.\n\nSee [the venue map](/venue-map) and [the blog](/blog).\n\n![The harbour at night](${picture})\n\nLast orders at eleven.`,
          imageData: (await png("#e11d48")).toString("base64"),
          imageMimeType: "image/png",
          imageAlt: "A red harbour",
        }),
        await createPost(admin, {
          title: "Starter rooftop crawl",
          author: "Ben Ode",
          tags: ["Roundup"],
          content: "Three rooftops, one evening, no queue.",
        }),
      ];
      hidden = await createPost(admin, {
        title: "Starter quiet corner",
        author: "Ben Ode",
        tags: ["Guides"],
        content: "A bar for the few who find it.",
        noindex: true,
      });
      draft = await createPost(admin, { title: "Starter unfinished draft", published: false, content: "Not yet." });

      built = await buildStarter(siteUrl, key);
      expect(fs.existsSync(path.join(built.dist, "index.html")), built.output).toBe(true);
      // The first file of the run installs the starter from the registry (about a minute here); the
      // install and the build have their own limits (tests/support/eleventy-starter.ts).
    },
    16 * 60_000,
  );

  it("writes every public post as an HTML page with its text; drafts not", async () => {
    for (const post of [...posts, hidden]) {
      const file = path.join(built.dist, "blog", post.slug, "index.html");
      expect(fs.existsSync(file), `${post.slug}: ${built.output}`).toBe(true);
      const html = fs.readFileSync(file, "utf8");
      expect(html).toContain(post.title);
    }
    const first = fs.readFileSync(path.join(built.dist, "blog", posts[0]!.slug, "index.html"), "utf8");
    expect(first).toContain("Lanterns swing over the harbour bar.");
    expect(first).toContain("Last orders at eleven.");
    expect(fs.readFileSync(path.join(built.dist, "blog", posts[1]!.slug, "index.html"), "utf8")).toContain(
      "Three rooftops, one evening, no queue.",
    );
    expect(fs.existsSync(path.join(built.dist, "blog", draft.slug))).toBe(false);
  });

  it("keeps the posts' links absolute, and they answer", async () => {
    const html = fs.readFileSync(path.join(built.dist, "blog", posts[0]!.slug, "index.html"), "utf8");
    // The article's body (the site's navigation, from its settings, links /blog too).
    const start = html.indexOf('class="content-body');
    const body = html.slice(start, html.indexOf("</section>", start));
    const links = addressesIn(body, "href").filter((href) => href.includes("/venue-map") || href.endsWith("/blog"));
    expect(links.sort()).toEqual([`${siteUrl}/blog`, `${siteUrl}/venue-map`]);
    for (const link of links) expect((await fetch(link)).status, link).toBe(200);
  });

  it("has images that answer: the ones it copied are images, the ones it links answer 200", async () => {
    const html = fs.readFileSync(path.join(built.dist, "blog", posts[0]!.slug, "index.html"), "utf8");
    const images = [...new Set([...addressesIn(html, "src"), ...addressesIn(html, "data-src"), ...srcsetAddressesIn(html)])].filter(
      (src) => !src.startsWith("data:"),
    );
    // The cover, and the picture in the text with its variants (eleventy-plugin-lazyimages moves src and
    // srcset to data-src and data-srcset, having fetched each image to measure it).
    expect(
      images.filter((src) => src.includes("/content/images/posts/")),
      html,
    ).toHaveLength(1);
    expect(images.filter((src) => src.includes("/content/images/") && src.includes("/media/")).length, html).toBeGreaterThanOrEqual(3);
    for (const src of images) {
      if (src.startsWith("http")) {
        expect((await fetch(src)).status, src).toBe(200);
      } else {
        // eleventy-plugin-local-images downloaded it from the site into dist/.
        const file = path.join(built.dist, src);
        expect(fs.existsSync(file), `${src}: ${built.output}`).toBe(true);
        expect((await sharp(file).metadata()).width, src).toBeGreaterThan(0);
      }
    }
  });

  it("lists the post hidden from search engines as /blog does", async () => {
    const listed = (html: string) =>
      new Set([...html.matchAll(/href=["']?(?:https?:\/\/[^/"']+)?\/blog\/([a-z0-9-]+)\/?["'\s>]/g)].map((m) => m[1]!));
    const blog = listed(await (await fetch(`${server.url}/blog`)).text());
    const starter = listed(fs.readFileSync(path.join(built.dist, "index.html"), "utf8"));
    for (const post of [...posts, hidden]) {
      expect(blog.has(post.slug), `/blog lists ${post.slug}`).toBe(true);
      expect(starter.has(post.slug), `the starter lists ${post.slug}`).toBe(true);
    }
    expect(blog.has(draft.slug)).toBe(false);
    expect(starter.has(draft.slug)).toBe(false);
  });
});
