import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, postInput, publicApi, type Api } from "../support/api";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

let server: TestServer;
let admin: Api;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  admin = await adminApi(server);
  cookie = admin.cookie!;
});
afterAll(async () => {
  await server?.stop();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  publicApi(server).call(method, path, body, headers);
const asAdmin = (method: string, path: string, body?: unknown) => admin.call(method, path, body);
const newPost = postInput;
const create = (overrides: Record<string, unknown> = {}) => createPost(admin, overrides);
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
const upload = (bytes: Buffer | Uint8Array, name = "pic.png", type = "image/png", headers: Record<string, string> = { cookie }) => {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${server.url}/api/upload`, { method: "POST", body: form, headers });
};
const audit = async (action: string) => {
  if (!usingPostgres()) return undefined;
  return queryTestDatabase<{ action: string; target_id: string }>(
    server.databaseUrl!,
    `select action, target_id from audit_log where action = '${action}' order by id desc limit 1`,
  );
};

describe("POST /api/blog", () => {
  it("creates a post with a slug from the title and answers it in the API's shape", async () => {
    const post = await create({ title: "Rooftop Bars & Views!", tags: [" bars ", "", "Bars", "views"] });
    expect(post).toMatchObject({
      slug: expect.stringMatching(/^rooftop-bars-and-views/),
      title: "Rooftop Bars & Views!",
      tags: ["bars", "views"],
      published: true,
      image: null,
      imageMimeType: null,
    });
    expect(Object.keys(post).sort()).toEqual(
      [
        "id",
        "title",
        "excerpt",
        "author",
        "authorId",
        "category",
        "content",
        "image",
        "imageAlt",
        "imageMimeType",
        "published",
        "createdAt",
        "updatedAt",
        "version",
        "tags",
        "slug",
        "metaTitle",
        "metaDescription",
        "canonicalUrl",
        "socialImage",
        "socialTitle",
        "noindex",
      ].sort(),
    );
    const again = await create({ title: "Rooftop Bars & Views!" });
    expect(again.slug).not.toBe(post.slug);
    expect(again.slug).toMatch(/^rooftop-bars-and-views-\d+$/);
    const row = await audit("blog.create");
    if (row) expect(row[0]!.target_id).toBe(String(again.id));
  });

  it("refuses the signed-out with 401", async () => {
    const res = await call("POST", "/api/blog", newPost());
    expect(res.status).toBe(401);
  });

  it("answers 400 with a message per field", async () => {
    const res = await asAdmin("POST", "/api/blog", { title: " ", category: "beer" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toMatchObject({
      title: "Title is required",
      author: "Author is required",
      excerpt: "Excerpt is required",
      content: "Content is required",
      category: "Please choose a category: events, nightlife, social, tips or updates",
    });
  });

  it("refuses image data that is not an image", async () => {
    const res = await asAdmin(
      "POST",
      "/api/blog",
      newPost({ imageData: Buffer.from("<svg onload=alert(1)>").toString("base64"), imageMimeType: "image/png" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.imageData).toBe("Please select an image file (PNG, JPG, GIF, etc.)");
  });
});

describe("GET /api/blog", () => {
  it("lists newest first; published only without a session, all with one", async () => {
    const draft = await create({ published: false, createdAt: "2030-01-01T00:00:00Z" });
    const older = await create({ createdAt: "2020-01-01T00:00:00Z" });
    const newer = await create({ createdAt: "2029-06-01T00:00:00Z" });
    const publicList = (await (await call("GET", "/api/blog")).json()) as Array<{ id: number; published: boolean }>;
    expect(publicList.every((p) => p.published)).toBe(true);
    expect(publicList.map((p) => p.id)).not.toContain(draft.id);
    const ids = publicList.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const adminList = (await (await asAdmin("GET", "/api/blog")).json()) as Array<{ id: number }>;
    expect(adminList[0]!.id).toBe(draft.id);
  });

  it("answers 304 to a matching ETag and a new body after a write", async () => {
    const first = await call("GET", "/api/blog");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await call("GET", "/api/blog", undefined, { "if-none-match": etag })).status).toBe(304);
    await create();
    expect((await call("GET", "/api/blog", undefined, { "if-none-match": etag })).status).toBe(200);
  });
});

describe("PUT /api/blog/{id}", () => {
  it("edits the whole post and keeps the slug", async () => {
    const post = await create();
    const res = await asAdmin("PUT", `/api/blog/${post.id}`, newPost({ title: "A new title", category: "events", tags: "x, y, x" }));
    expect(res.status).toBe(200);
    const { post: updated } = await res.json();
    expect(updated).toMatchObject({ id: post.id, slug: post.slug, title: "A new title", category: "events", tags: ["x", "y"] });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(post.updatedAt).getTime());
  });

  it("toggles publishing with only {published}", async () => {
    const post = await create();
    const res = await asAdmin("PUT", `/api/blog/${post.id}`, { published: false });
    expect(res.status).toBe(200);
    expect((await res.json()).post).toMatchObject({ published: false, title: post.title });
    expect((await call("GET", `/api/blog/${post.id}`)).status).toBe(404);
    const row = await audit("blog.unpublish");
    if (row) expect(row[0]!.target_id).toBe(String(post.id));
    expect((await asAdmin("PUT", `/api/blog/${post.id}`, { published: "yes" })).status).toBe(400);
  });

  it("answers 400 per field, 404 for an unknown id, 401 signed out", async () => {
    const post = await create();
    const bad = await asAdmin("PUT", `/api/blog/${post.id}`, { ...newPost(), content: "" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ content: "Content is required" });
    expect((await asAdmin("PUT", "/api/blog/999999", newPost())).status).toBe(404);
    expect((await asAdmin("PUT", "/api/blog/999999", { published: true })).status).toBe(404);
    expect((await asAdmin("PUT", "/api/blog/abc", newPost())).status).toBe(404);
    expect((await call("PUT", `/api/blog/${post.id}`, { published: false })).status).toBe(401);
  });
});

describe("DELETE /api/blog/{id}", () => {
  it("deletes, then 404s", async () => {
    const post = await create();
    expect((await call("DELETE", `/api/blog/${post.id}`)).status).toBe(401);
    expect((await asAdmin("DELETE", `/api/blog/${post.id}`)).status).toBe(200);
    expect((await asAdmin("DELETE", `/api/blog/${post.id}`)).status).toBe(404);
    const list = (await (await asAdmin("GET", "/api/blog")).json()) as Array<{ id: number }>;
    expect(list.map((p) => p.id)).not.toContain(post.id);
    const row = await audit("blog.delete");
    if (row) expect(row[0]!.target_id).toBe(String(post.id));
  });
});

describe("POST /api/upload and the image endpoint", () => {
  it("re-encodes a real image and strips its metadata", async () => {
    const withExif = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#ff0000" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
      .toBuffer();
    const res = await upload(withExif, "holiday.jpg", "image/jpeg");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, imageMimeType: "image/jpeg", originalName: "holiday.jpg" });
    const bytes = Buffer.from(body.imageData, "base64");
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2000);
    expect(bytes.includes(Buffer.from("secret-gps-owner"))).toBe(false);
  });

  it("judges by the bytes, not the declared type or name", async () => {
    const res = await upload(Buffer.from("<html><script>alert(1)</script></html>"), "evil.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: "Please select an image file (PNG, JPG, GIF, etc.)" });
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      "x.svg",
      "image/svg+xml",
    );
    expect(svg.status).toBe(400);
    const disguised = await upload(await png(), "notes.txt", "text/plain");
    expect(disguised.status).toBe(200);
  });

  it("refuses files over 5 MB", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload(big, "big.png");
    expect([400, 413]).toContain(res.status);
    expect(await res.json()).toMatchObject({ success: false, error: "Please select an image smaller than 5MB" });
    const huge = await upload(Buffer.alloc(7 * 1024 * 1024, 1), "huge.png");
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ success: false, error: "Please select an image smaller than 5MB" });
  });

  it("keeps a re-encoded upload within the limit, so what it accepts the post save takes too", async () => {
    // 2000x2000 pixels of 256 colours in random order: about 4 MB as a palette PNG, 6.5 MB as true colour.
    const side = 2000;
    const palette = Array.from({ length: 256 }, (_, i) => [(i * 37) & 255, (i * 91) & 255, (i * 53) & 255]);
    const order = randomBytes(side * side);
    const pixels = Buffer.alloc(side * side * 3);
    order.forEach((index, i) => pixels.set(palette[index]!, i * 3));
    const paletted = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ palette: true, colours: 256, dither: 0, effort: 1 })
      .toBuffer();
    expect(paletted.length).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(paletted.length).toBeLessThan(5 * 1024 * 1024);

    const res = await upload(paletted, "palette.png");
    expect(res.status).toBe(200);
    const uploaded = await res.json();
    expect(Buffer.from(uploaded.imageData, "base64").length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const post = await create({ imageData: uploaded.imageData, imageMimeType: uploaded.imageMimeType });
    expect(post.image).toMatch(new RegExp(`^/api/blog/${post.id}/image`));
    // Nothing of the picture was lost on the way: the same pixels come back.
    const served = Buffer.from(await (await call("GET", `/api/blog/${post.id}/image`)).arrayBuffer());
    const decoded = (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer();
    expect((await decoded(served)).equals(await decoded(paletted))).toBe(true);
  }, 180_000); // three re-encodes of a 2000x2000 image: on two loaded cores over a minute

  it("refuses the signed-out", async () => {
    expect((await upload(await png(), "a.png", "image/png", {})).status).toBe(401);
  });

  it("stores the uploaded image with the post and serves it with ETag, 304 and sized variants", async () => {
    const uploaded = await (await upload(await png(1600, 900))).json();
    const post = await create({ imageData: uploaded.imageData, imageMimeType: uploaded.imageMimeType });
    expect(post.image).toMatch(new RegExp(`^/api/blog/${post.id}/image`));
    expect(post.imageMimeType).toBe("image/png");

    const original = await call("GET", `/api/blog/${post.id}/image`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("cache-control")).toMatch(/public/);
    const etag = original.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await call("GET", `/api/blog/${post.id}/image`, undefined, { "if-none-match": etag })).status).toBe(304);

    const webp = await call("GET", `/api/blog/${post.id}/image?w=400`, undefined, { accept: "image/webp,image/*" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("vary")).toMatch(/Accept/);
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(400);
    const avif = await call("GET", `/api/blog/${post.id}/image?w=800`, undefined, { accept: "image/avif,image/webp" });
    expect(avif.headers.get("content-type")).toBe("image/avif");
    const jpeg = await call("GET", `/api/blog/${post.id}/image?w=1200`, undefined, { accept: "*/*" });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    const again = await call("GET", `/api/blog/${post.id}/image?w=400`, undefined, {
      accept: "image/webp",
      "if-none-match": webp.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
    expect((await call("GET", `/api/blog/${post.id}/image?w=333`)).status).toBe(400);

    // Editing with the image address echoed back keeps the upload; another URL replaces it.
    const kept = await (await asAdmin("PUT", `/api/blog/${post.id}`, newPost({ image: post.image }))).json();
    expect(kept.post.image).toBe(post.image);
    const replaced = await (await asAdmin("PUT", `/api/blog/${post.id}`, newPost({ image: "https://example.com/x.png" }))).json();
    expect(replaced.post.image).toBe("https://example.com/x.png");
    expect((await call("GET", `/api/blog/${post.id}/image`)).status).toBe(404);
  });

  it("keeps a draft's image private", async () => {
    const uploaded = await (await upload(await png())).json();
    const post = await create({ published: false, image: JSON.stringify(uploaded) });
    expect((await call("GET", `/api/blog/${post.id}/image`)).status).toBe(404);
    expect((await asAdmin("GET", `/api/blog/${post.id}/image`)).status).toBe(200);
  });
});

describe("POST /api/tag-suggestions", () => {
  it("suggests 5-8 tags from the text", async () => {
    const res = await asAdmin("POST", "/api/tag-suggestions", {
      title: "Craft beer trivia nights in Melbourne",
      excerpt: "Where to find the best craft beer trivia in Melbourne.",
      content:
        "Melbourne loves craft beer. Trivia nights at craft beer bars are the best way to meet people. Craft beer, trivia and Melbourne laneways.",
      category: "events",
    });
    expect(res.status).toBe(200);
    const { suggestedTags } = await res.json();
    expect(suggestedTags.length).toBeGreaterThanOrEqual(5);
    expect(suggestedTags.length).toBeLessThanOrEqual(8);
    expect(suggestedTags).toContain("craft beer");
    expect(suggestedTags).toContain("melbourne");
  });

  it("needs a title, content or excerpt", async () => {
    const res = await asAdmin("POST", "/api/tag-suggestions", { title: "", content: " ", excerpt: "", category: "tips" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Please add a title, content, or excerpt to generate tag suggestions");
    expect((await call("POST", "/api/tag-suggestions", { title: "x" })).status).toBe(401);
  });
});
