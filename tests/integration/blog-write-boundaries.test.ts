import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, postInput, publicApi, type Api, type CreatedPost } from "../support/api";
import { readRows } from "../support/database-rows";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Every blog write lands whole or not at all (docs/decisions/0011-write-boundaries.md): a failure injected
 * at each step of a create, an edit, a publish and a delete (image, slug clash, revision, audit line, job) answers
 * an error and leaves the database exactly as it was; a create retried with its Idempotency-Key makes one post.
 */
const ENV = {
  SEED_DEMO: "false",
  CLINK_FAULT_INJECTION: "on",
  // IndexNow jobs fail at once against a closed port instead of reaching the internet.
  INDEXNOW_ENDPOINT: "http://127.0.0.1:9/indexnow",
};

let server: TestServer;
let admin: Api;
const madeDirs: string[] = [];

async function start(from?: TestServer) {
  server = await startTestServer({ env: ENV, ...(from ? { dataDir: from.dataDir, databaseUrl: from.databaseUrl } : {}) });
  if (!from) madeDirs.push(server.dataDir);
  admin = await adminApi(server);
}

beforeAll(() => start());
afterAll(async () => {
  await server?.stop();
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const png = async (colour: string) =>
  (
    await sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString("base64");

/** Everything a post's save may write, as rows (admin sign-ins also write audit lines: left out). */
const TABLES = {
  posts: "select id, slug, title, content, image, image_alt, published, created_at::text, updated_at::text from blog_posts order by id",
  slugs: "select slug, post_id from blog_slug_history order by slug",
  images: "select post_id, etag, width, height from blog_images order by post_id",
  variants: "select post_id, width, format from blog_image_variants order by post_id, width, format",
  audit: "select action, target_id, summary from audit_log where action like 'blog.%' order by id",
  jobs: "select type as kind, payload->>'slug' as slug from jobs where type = 'blog.post-changed' order by id",
  createKeys: "select key, post_id from blog_create_requests order by key",
  revisions: "select id, post_id, title, content, actor_email, restored_from_id from blog_post_revisions order by id",
};

const faulty = (faults: string) => ({ "x-clink-faults": faults });

describe("a failure at any step of a save", () => {
  let post: CreatedPost;
  let other: CreatedPost;
  let before: Record<string, unknown[]>;

  it("leaves the database exactly as it was, for every write and every step", async () => {
    post = await createPost(admin, {
      title: "Boundary post",
      imageData: await png("#4f46e5"),
      imageMimeType: "image/png",
      imageAlt: "A blue square",
    });
    other = await createPost(admin, { title: "Boundary neighbour" });
    const imageBefore = await admin.get(post.image);
    expect(imageBefore.status).toBe(200);
    const etagBefore = imageBefore.headers.get("etag");
    // What the database holds before: read with the server stopped (PGlite's folder has one opener).
    await server.stop();
    before = await readRows(server, TABLES);
    expect(before.posts).toHaveLength(2);
    expect(before.images).toHaveLength(1);
    expect(before.audit).toHaveLength(2);
    await start(server);

    const newImage = await png("#16a34a");
    const steps = ["blog.image", "blog.slug", "blog.revision", "audit", "job"] as const;
    for (const step of steps) {
      // A create with an image, its own address, published (so it queues a job).
      const create = await admin.call(
        "POST",
        "/api/blog",
        postInput({
          title: `Never saved ${step}`,
          slug: `never-saved-${step.replace(".", "-")}`,
          imageData: newImage,
          imageMimeType: "image/png",
          imageAlt: "Green",
        }),
        faulty(step),
      );
      expect(create.status, `create failing at ${step}`).toBe(step === "blog.slug" ? 409 : 500);

      // A full edit: new text, a new image, a new address.
      const edit = await admin.call(
        "PUT",
        `/api/blog/${post.id}`,
        {
          ...postInput({ title: `Edited ${step}`, slug: `moved-${step.replace(".", "-")}` }),
          imageData: newImage,
          imageMimeType: "image/png",
          imageAlt: "Green",
        },
        faulty(step),
      );
      expect(edit.status, `edit failing at ${step}`).toBe(step === "blog.slug" ? 409 : 500);
      const seen = (await (await admin.get(`/api/blog/${post.id}`)).json()) as CreatedPost;
      expect(seen.title).toBe("Boundary post");
      expect(seen.slug).toBe(post.slug);
      expect((await admin.get(seen.image)).headers.get("etag")).toBe(etagBefore);
    }
    // Publishing and deleting: their audit line and their job are part of them.
    for (const step of ["audit", "job"]) {
      expect((await admin.call("PUT", `/api/blog/${post.id}`, { published: false }, faulty(step))).status).toBe(500);
      expect((await admin.call("DELETE", `/api/blog/${other.id}`, undefined, faulty(step))).status).toBe(500);
      // Still public (a visitor sees only live posts), and still there.
      expect((await publicApi(server).get(`/api/blog/${post.id}`)).status).toBe(200);
      expect((await admin.get(`/api/blog/${other.id}`)).status).toBe(200);
    }
    // A real clash, no injection: an edit with a new image to another post's address keeps the old image
    // too (it used to be replaced before the clash was found, losing the text edit but not the picture).
    const clash = await admin.call("PUT", `/api/blog/${post.id}`, {
      ...postInput({ title: "Clashing edit", slug: other.slug }),
      imageData: newImage,
      imageMimeType: "image/png",
      imageAlt: "Green",
    });
    expect(clash.status).toBe(409);
    expect((await admin.get(post.image)).headers.get("etag")).toBe(etagBefore);

    await server.stop();
    const after = await readRows(server, TABLES).finally(() => start(server));
    expect(after).toEqual(before);
  }, 240_000);

  it("without a fault, the same edit lands whole: text, image, address, redirect, audit line and job", async () => {
    const res = await admin.call("PUT", `/api/blog/${post.id}`, {
      ...postInput({ title: "Edited whole", slug: "edited-whole" }),
      imageData: await png("#dc2626"),
      imageMimeType: "image/png",
      imageAlt: "Red",
    });
    expect(res.status).toBe(200);
    await server.stop();
    const after = await readRows(server, TABLES).finally(() => start(server));
    expect(after.posts).toContainEqual(expect.objectContaining({ id: post.id, slug: "edited-whole", title: "Edited whole" }));
    expect(after.slugs).toEqual([{ slug: post.slug, post_id: post.id }]);
    expect((after.images as Array<{ etag: string }>).map((r) => r.etag)).not.toEqual(
      (before.images as Array<{ etag: string }>).map((r) => r.etag),
    );
    expect(after.audit.slice(before.audit!.length)).toEqual([
      { action: "blog.update", target_id: String(post.id), summary: 'Updated "Edited whole"' },
    ]);
    expect(after.jobs.slice(before.jobs!.length)).toEqual([{ kind: "blog.post-changed", slug: "edited-whole" }]);
  }, 120_000);
});

describe("a create retried with its Idempotency-Key", () => {
  const countTitled = async (title: string) =>
    ((await (await admin.get("/api/blog")).json()) as CreatedPost[]).filter((p) => p.title === title).length;

  it("answers the first post again, never a second; another body with that key is 422", async () => {
    const body = postInput({ title: "Once only" });
    const key = { "idempotency-key": "retry-key-1" };
    const first = await admin.call("POST", "/api/blog", body, key);
    expect(first.status).toBe(201);
    const again = await admin.call("POST", "/api/blog", body, key);
    expect(again.status).toBe(201);
    expect((await again.json()).post.id).toBe((await first.json()).post.id);
    expect(await countTitled("Once only")).toBe(1);

    const different = await admin.call("POST", "/api/blog", { ...body, excerpt: "Another excerpt" }, key);
    expect(different.status).toBe(422);
    expect((await different.json()).message).toBe("This Idempotency-Key was already used for a different post");
    expect((await admin.call("POST", "/api/blog", body, { "idempotency-key": "bad key with spaces" })).status).toBe(400);
  });

  it("two at once with one key make one post", async () => {
    const body = postInput({ title: "Double click" });
    const key = { "idempotency-key": "double-click-key" };
    const answers = await Promise.all([admin.call("POST", "/api/blog", body, key), admin.call("POST", "/api/blog", body, key)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const ids = await Promise.all(answers.map(async (r) => (await r.json()).post.id));
    expect(ids[0]).toBe(ids[1]);
    expect(await countTitled("Double click")).toBe(1);
  });

  it("a create that failed leaves its key free: the retry makes the post", async () => {
    const body = postInput({ title: "Failed then retried" });
    const key = { "idempotency-key": "failed-first" };
    expect((await admin.call("POST", "/api/blog", body, { ...key, ...faulty("audit") })).status).toBe(500);
    expect(await countTitled("Failed then retried")).toBe(0);
    expect((await admin.call("POST", "/api/blog", body, key)).status).toBe(201);
    expect(await countTitled("Failed then retried")).toBe(1);
  });
});
