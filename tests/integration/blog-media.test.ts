import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPost, publicApi, type Api } from "../support/api";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";
import { schemaErrors } from "../support/xml-schema";

/** Images in a post's text: uploaded once per content, served with variants, rendered with srcset, deleted only unused. */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => ({ server, admin } = site));

async function upload(colour: string, cookie: string | null = admin.cookie!) {
  const bytes = await sharp({ create: { width: 1000, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "door.png");
  return fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}

/** Whether the server process has loaded libvips (sharp's native library, ~25 MB resident). */
const imageLibraryLoaded = () => fs.readFileSync(`/proc/${server.child.pid}/maps`, "utf8").includes("libvips");

describe("images in the text", () => {
  it("uploads, serves variants and renders our own images with srcset, width, height and lazy loading", async () => {
    // Loaded with the first image to make, not at start: most of a server's life never needs it.
    expect(imageLibraryLoaded()).toBe(false);
    const res = await upload("#0ea5e9");
    expect(imageLibraryLoaded()).toBe(true);
    expect(res.status).toBe(201);
    const media = await res.json();
    expect(media).toMatchObject({ width: 1000, height: 500, url: `/api/media/${media.hash}` });
    // The same picture again is the same image.
    expect((await (await upload("#0ea5e9")).json()).hash).toBe(media.hash);

    const served = await publicApi(server).get(`${media.url}?w=400`, { accept: "image/webp" });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(400);

    const post = await createPost(admin, { title: "Post with a picture", content: `Before.\n\n![A blue door](${media.url})\n\nAfter.` });
    const html = await (await publicApi(server).get(`/blog/${post.slug}`)).text();
    // At Ghost's addresses (ghost-images.test.ts serves them): WebP variants at the page widths, then the original.
    const img = html.match(/<img src="\/content\/images\/[^"]*"[^>]*>/)?.[0] ?? "";
    expect(img).toContain(
      `srcset="/content/images/size/w600/format/webp/media/${media.hash}.png 600w, /content/images/media/${media.hash}.png 1000w"`,
    );
    expect(img).toContain('width="1000" height="500"');
    expect(img).toContain('alt="A blue door"');
    expect(img).toContain('loading="lazy"');
  });

  it("lists a post's cover and the images in its text in the sitemap (image:image), valid against the schemas; drafts and other posts' images not", async () => {
    const media = await (await upload("#a855f7")).json();
    const cover = (
      await sharp({ create: { width: 60, height: 40, channels: 3, background: "#e11d48" } })
        .png()
        .toBuffer()
    ).toString("base64");
    const post = await createPost(admin, {
      title: "Sitemap images",
      content: `![Purple](${media.url})`,
      imageData: cover,
      imageMimeType: "image/png",
      imageAlt: "A red square",
    });
    const plain = await createPost(admin, { title: "No pictures here", content: "Only words." });
    const hidden = await (await upload("#84cc16")).json();
    await createPost(admin, { title: "A draft with a picture", published: false, content: `![Lime](${hidden.url})` });

    const xml = await (await publicApi(server).get("/sitemap.xml")).text();
    const urlOf = (slug: string) => xml.match(new RegExp(`<url>\\s*<loc>[^<]*/blog/${slug}</loc>[\\s\\S]*?</url>`))?.[0] ?? "";
    const images = [...urlOf(post.slug).matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]);
    // The cover first, then the text's images, as absolute addresses on the site's own host.
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(new RegExp(`^https?://[^/]+/api/blog/${post.id}/image\\?v=`));
    expect(images[1]).toMatch(new RegExp(`^https?://[^/]+${media.url}$`));
    expect(urlOf(plain.slug)).not.toContain("image:image");
    expect(xml).not.toContain(hidden.hash);

    expect(schemaErrors(xml)).toBeNull();
  });

  it("lists every upload with where it is used, and deletes only unused ones (409 otherwise)", async () => {
    const used = await (await upload("#f97316")).json();
    const unused = await (await upload("#22c55e")).json();
    const post = await createPost(admin, { title: "Uses the orange one", published: false, content: `![Orange](${used.url})` });
    const { items } = await (await admin.get("/api/admin/media")).json();
    expect(items.find((i: { hash: string }) => i.hash === used.hash).usedIn).toEqual([
      { id: post.id, title: "Uses the orange one", slug: post.slug, live: false },
    ]);
    expect(items.find((i: { hash: string }) => i.hash === unused.hash).usedIn).toEqual([]);

    const refused = await admin.call("DELETE", `/api/admin/media/${used.hash}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).usedIn).toEqual([{ id: post.id, title: "Uses the orange one" }]);
    expect((await admin.call("DELETE", `/api/admin/media/${unused.hash}`)).status).toBe(200);
    expect((await publicApi(server).get(unused.url)).status).toBe(404);
    expect((await admin.call("DELETE", `/api/admin/media/${unused.hash}`)).status).toBe(404);
  });

  it("refuses what is not an image, and anyone signed out", async () => {
    const form = new FormData();
    form.set("file", new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "x.png");
    expect((await fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: admin.cookie! } })).status).toBe(
      400,
    );
    expect((await upload("#000000", null)).status).toBe(401);
    expect((await publicApi(server).get("/api/admin/media")).status).toBe(401);
  });
});

describe("the media library's size limit", () => {
  it("takes an image up to the 5 MB its documentation gives, and refuses a larger one with 413", async () => {
    // Random pixels do not compress: about 3.4 MB as a PNG, over the 1 MB other API calls are allowed.
    const noise = Buffer.from(Array.from({ length: 1100 * 1000 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 1100, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * 2 ** 20);
    expect(big.length).toBeLessThan(5 * 2 ** 20);
    const send = (bytes: Uint8Array) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "noise.png");
      return fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: admin.cookie! } });
    };
    expect((await send(big)).status).toBe(201);
    for (const size of [5 * 2 ** 20 + 1, 7 * 2 ** 20]) {
      // Over 5 MB the route refuses the file; over 6 MB the body limit refuses the request: one answer either way.
      const tooBig = await send(new Uint8Array(size));
      expect(tooBig.status, String(size)).toBe(413);
      expect(((await tooBig.json()) as { message?: string; error?: string }).message ?? "").toMatch(/smaller than 5MB/);
    }
  });
});
