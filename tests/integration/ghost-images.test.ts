import GhostContentAPI from "@tryghost/content-api";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, type Api } from "../support/api";
import { readRows, seedAndRestart } from "../support/database-rows";
import { rawRequest } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Images as Ghost serves them (issue 40, decision record 0054): stored images at /content/images/…, Ghost's
 * resized variants made on first request and kept in the database, the Content API and the site's own
 * pages pointing at addresses that answer.
 */
let server: TestServer;
let admin: Api;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  admin = await adminApi(server);
});
afterAll(async () => {
  await server?.stop();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
// Absolute addresses name the site's SITE_URL: asked of the test server at the same path.
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path.startsWith("http") ? new URL(path).pathname : path}`, { headers, redirect: "manual" });
const metadataOf = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

async function upload(bytes: Buffer): Promise<{ hash: string }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "wide.png");
  const res = await fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: admin.cookie! } });
  expect(res.status).toBe(201);
  return (await res.json()) as { hash: string };
}

async function contentKey(): Promise<string> {
  const res = await admin.call("POST", "/api/admin/integrations", { name: "Images" });
  expect(res.status).toBe(201);
  return ((await res.json()) as { contentApiKey: string }).contentApiKey;
}

let hash: string;
let postSlug: string;
const original = () => `/content/images/media/${hash}.png`;
const sized = (size: string, format = "") => `/content/images/size/${size}/${format ? `format/${format}/` : ""}media/${hash}.png`;

describe("/content/images", () => {
  it("answers an uploaded image and Ghost's variants of it, cached like static files", async () => {
    hash = (await upload(await png(1400, 700, "#0ea5e9"))).hash;
    const res = await get(original());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await metadataOf(res)).width).toBe(1400);
    expect((await get(original(), { "if-none-match": res.headers.get("etag")! })).status).toBe(304);
    const head = await fetch(`${server.url}${sized("w600", "webp")}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");

    // A size keeps the original's type; a format segment changes it.
    const w600 = await get(sized("w600"));
    expect(w600.status).toBe(200);
    expect(w600.headers.get("content-type")).toBe("image/png");
    const small = await metadataOf(w600);
    expect(small.format).toBe("png");
    expect(small.width).toBeLessThanOrEqual(600);
    const webp = await get(sized("w600", "webp"));
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(await metadataOf(webp)).toMatchObject({ format: "webp", width: 600 });
    const avif = await get(sized("w1000", "avif"));
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(await metadataOf(avif)).toMatchObject({ format: "heif", width: 1000 });
    const jpg = await get(sized("w200", "jpg"));
    expect(await metadataOf(jpg)).toMatchObject({ format: "jpeg", width: 200 });
    // Never enlarged.
    expect((await metadataOf(await get(sized("w2400", "webp")))).width).toBe(1400);
  });

  it("makes no variant at a width or in a format it does not allow: Ghost's redirect to the original", async () => {
    for (const path of [sized("w601"), sized("w640", "webp"), sized("w99999"), sized("w256h256"), sized("w600", "bmp")]) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(original());
    }
  });

  it("answers 404, never 500, for bad addresses: traversal, non-images, another type's extension, unknown images", async () => {
    // Sent as written (fetch would resolve the dot segments before sending).
    for (const path of [
      `/content/images/size/w600/../../../package.json`,
      `/content/images/size/w600/%2e%2e/media/${hash}.png`,
      `/content/images/../../server.js`,
      `/content/images/media/%2e%2e%2f%2e%2e%2fserver.js`,
    ]) {
      expect((await rawRequest(server.url, { path })).status, path).toBe(404);
    }
    for (const path of [
      `/content/images/media/${hash}.jpg`,
      `/content/images/media/${hash}.txt`,
      `/content/images/media/${hash}.svg`,
      `/content/images/size/w600/media/${hash}.gif`,
      `/content/images/media/AAAAAAAAAAAAAAAAAAAA.png`,
      `/content/images/size/w600/..%2F..%2Fpackage.json`,
      `/content/images/..%2f..%2fserver.js`,
      `/content/images/media/${hash}.png/`,
      "/content/images/2021/03/harbour.jpg",
      "/content/images/posts/1/AAAAAAAAAAAAAAAAAAAA.png",
      "/content/images/posts/99999999999/AAAAAAAAAAAAAAAAAAAA.png",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("points the Content API's feature_image and the images in html at addresses that answer, with Ghost's variants", async () => {
    const key = await contentKey();
    const cover = (await png(1200, 600, "#e11d48")).toString("base64");
    const post = await createPost(admin, {
      title: "Ghost images",
      content: `Before.\n\n![A blue door](/api/media/${hash})\n\nAfter.`,
      imageData: cover,
      imageMimeType: "image/png",
      imageAlt: "Red",
    });
    postSlug = post.slug;
    const draft = await createPost(admin, { title: "Draft images", published: false, imageData: cover, imageMimeType: "image/png" });

    const answer = (await (await fetch(`${server.url}/ghost/api/content/posts/slug/${post.slug}/?key=${key}`)).json()) as Json;
    const ghost = answer.posts[0] as Json;
    expect(ghost.feature_image).toMatch(new RegExp(`^https?://[^/]+/content/images/posts/${post.id}/[A-Za-z0-9_-]{20}\\.png$`));
    expect((await get(ghost.feature_image)).status).toBe(200);
    // What a front end built for Ghost derives from feature_image.
    const frontEnd = (ghost.feature_image as string).replace("/content/images/", "/content/images/size/w600/");
    const variant = await get(frontEnd);
    expect(variant.status).toBe(200);
    expect((await metadataOf(variant)).width).toBeLessThanOrEqual(600);

    const html = ghost.html as string;
    const img = html.match(/<img [^>]*>/)?.[0] ?? "";
    const addresses = [
      img.match(/ src="([^"]+)"/)?.[1],
      ...(img.match(/ srcset="([^"]+)"/)?.[1] ?? "").split(", ").map((entry) => entry.split(" ")[0]),
    ];
    expect(addresses).toHaveLength(4);
    for (const address of addresses) {
      expect(address).toMatch(/^https?:\/\/[^/]+\/content\/images\//);
      expect((await get(address!)).status, address).toBe(200);
    }

    // A draft's cover is not the public's, at any size.
    const draftPost = (await (await admin.get(`/api/blog/${draft.id}`)).json()) as Json;
    const draftCover = `/content/images/posts/${draft.id}/${new URL(draftPost.image as string, server.url).searchParams.get("v")}.png`;
    expect((await get(draftCover)).status).toBe(404);
    expect((await get(draftCover.replace("/content/images/", "/content/images/size/w600/"))).status).toBe(404);
    expect((await get(draftCover, { cookie: admin.cookie! })).headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves a post's picture that is one of the site's own files under /content/images/, so Ghost's client and a front end's sizes find it", async () => {
    const key = await contentKey();
    const post = await createPost(admin, { title: "A site picture", image: "/images/blog/posts/happy-hour.webp" });
    const read = (await GhostContentAPI({ url: server.url, key, version: "v5.0" }).posts.read({ slug: post.slug })) as {
      url: string;
      feature_image: string | null;
    };
    expect(read.feature_image).toBe(new URL("/content/images/site/blog/posts/happy-hour.webp", read.url).toString());
    const res = await get(read.feature_image!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(
      Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await (await get("/images/blog/posts/happy-hour.webp")).arrayBuffer())),
    ).toBe(true);
    // What a front end built for Ghost derives from feature_image: the 1200 px picture made smaller.
    for (const size of ["w600", "w600/format/avif", "w200/format/jpeg"]) {
      const variant = await get(read.feature_image!.replace("/content/images/", `/content/images/size/${size}/`));
      expect(variant.status, size).toBe(200);
      expect((await metadataOf(variant)).width, size).toBeLessThanOrEqual(Number(size.slice(1, 4)));
    }
    // Only the blog's pictures: nothing else of the site's files, and no way out of their folder.
    for (const path of [
      "/content/images/site/blog/posts/no-such-picture.webp",
      "/content/images/site/blog/posts/happy-hour.png",
      "/content/images/site/favicon.ico",
      "/content/images/site/blog/../../robots.txt",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("offers the same variants in srcset on the site's own post and blog pages", async () => {
    const blog = await (await get("/blog")).text();
    // React writes the attribute as srcSet (HTML reads names in any case).
    const card = blog.match(/<img [^>]*srcset="[^"]*\/content\/images\/size\/w600\/format\/webp\/posts\/[^"]*"[^>]*>/i)?.[0];
    expect(card).toBeDefined();
    const cardSet = card!.match(/srcset="([^"]+)"/i)![1]!.split(", ");
    expect(cardSet.map((entry) => entry.split(" ")[1])).toEqual(["600w", "1000w", "1600w"]);
    for (const entry of cardSet) expect((await get(entry.split(" ")[0]!)).status).toBe(200);
    expect(card).toMatch(/ sizes="/);

    const page = await (await get(`/blog/${postSlug}`)).text();
    expect(page).toContain(`srcset="${sized("w600", "webp")} 600w, ${sized("w1000", "webp")} 1000w, ${original()} 1400w"`);
  });

  it("keeps each variant in the database and serves the kept one again (shared by every instance)", async () => {
    const rows = await stopAndRead();
    const kept = rows.map((row) => `${row.width} ${row.format}`).sort();
    expect(kept).toEqual(expect.arrayContaining(["600 png", "600 webp", "1000 avif", "200 jpeg", "2400 webp"]));
    // Nothing was made at a width not allowed.
    expect(kept.filter((row) => row.startsWith("601 ") || row.startsWith("640 ") || row.startsWith("99999 "))).toEqual([]);

    // The kept w600 WebP swapped for the w1000 one: what answers next is what is kept, not made again.
    server = await seedAndRestart(
      server,
      `update blog_media_variants set data = (select data from blog_media_variants where hash = '${hash}' and width = 1000 and format = 'webp')
       where hash = '${hash}' and width = 600 and format = 'webp'`,
      { env: { SEED_DEMO: "false" } },
    );
    const again = await get(sized("w600", "webp"));
    expect(again.status).toBe(200);
    expect((await metadataOf(again)).width).toBe(1000);
  });
});

/** The media variants kept, read with the server stopped (PGlite's folder has one opener), then started again. */
async function stopAndRead(): Promise<Array<{ width: number; format: string }>> {
  expect(await server.stop()).toBe(0);
  const { variants } = await readRows(server, { variants: `select width, format from blog_media_variants where hash = '${hash}'` });
  server = await startTestServer({ env: { SEED_DEMO: "false" }, dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  return variants as Array<{ width: number; format: string }>;
}
