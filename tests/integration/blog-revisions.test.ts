import { describe, expect, it } from "vitest";
import { createPost, postInput, publicApi, type Api, type CreatedPost } from "../support/api";
import { siteForSuite } from "../support/suite";
import { TEST_ADMIN, type TestServer } from "../support/test-server";

/** Revisions at the HTTP boundary: one per save, who and when, a diff against the current text, restore. */
let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => ({ server, admin } = site));

type Summary = { id: number; createdAt: string; actorEmail: string; title: string; restoredFromId: number | null };
const revisions = async (id: number) =>
  ((await (await admin.get(`/api/admin/posts/${id}/revisions`)).json()) as { items: Summary[] }).items;
const edit = (post: CreatedPost, overrides: Record<string, unknown>) =>
  admin.call("PUT", `/api/blog/${post.id}`, postInput({ title: post.title, slug: post.slug, ...overrides }));

describe("revisions", () => {
  it("keeps one per save, newest first, with who and when", async () => {
    const post = await createPost(admin, { title: "Revised post", content: "First line\nSecond line" });
    expect((await edit(post, { content: "First line\nSecond line, edited" })).status).toBe(200);
    expect((await edit(post, { title: "Revised post again", content: "Only line" })).status).toBe(200);
    const list = await revisions(post.id);
    expect(list.map((r) => r.title)).toEqual(["Revised post again", "Revised post", "Revised post"]);
    expect(list.every((r) => r.actorEmail === TEST_ADMIN.email && !Number.isNaN(Date.parse(r.createdAt)))).toBe(true);
    // The publish toggle changes no text: no revision.
    expect((await admin.call("PUT", `/api/blog/${post.id}`, { published: false })).status).toBe(200);
    expect(await revisions(post.id)).toHaveLength(3);
  });

  it("shows a revision with the diff to the current text, and restores it as a new revision", async () => {
    const post = await createPost(admin, { title: "Diffed post", content: "alpha\nbeta\ngamma", excerpt: "Old excerpt" });
    expect((await edit(post, { title: "Diffed post, renamed", content: "alpha\nBETA\ngamma", excerpt: "New excerpt" })).status).toBe(200);
    const [, first] = await revisions(post.id);
    const shown = await admin.get(`/api/admin/posts/${post.id}/revisions/${first!.id}`);
    expect(shown.status).toBe(200);
    const { revision, diff } = await shown.json();
    expect(revision.content).toBe("alpha\nbeta\ngamma");
    expect(diff.title).toEqual({ from: "Diffed post", to: "Diffed post, renamed" });
    expect(diff.excerpt).toEqual({ from: "Old excerpt", to: "New excerpt" });
    expect(diff.content).toContainEqual({ value: "beta\n", added: false, removed: true });
    expect(diff.content).toContainEqual({ value: "BETA\n", added: true, removed: false });

    const restored = await admin.call("POST", `/api/admin/posts/${post.id}/revisions/${first!.id}/restore`);
    expect(restored.status).toBe(200);
    const { post: after } = await restored.json();
    expect(after).toMatchObject({ title: "Diffed post", content: "alpha\nbeta\ngamma", excerpt: "Old excerpt", slug: post.slug });
    const list = await revisions(post.id);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ title: "Diffed post", restoredFromId: first!.id });
    // The public post shows the restored text.
    expect(await (await publicApi(server).get(`/api/blog/${post.id}`)).json()).toMatchObject({ title: "Diffed post" });
  });

  it("answers 404 for an unknown post or revision, 405 for other methods, 401 signed out", async () => {
    const post = await createPost(admin, { title: "Guarded post" });
    expect((await admin.get(`/api/admin/posts/999999/revisions`)).status).toBe(404);
    expect((await admin.get(`/api/admin/posts/${post.id}/revisions/999999`)).status).toBe(404);
    expect((await admin.call("POST", `/api/admin/posts/${post.id}/revisions/999999/restore`)).status).toBe(404);
    expect((await admin.get(`/api/admin/posts/${post.id}/revisions/abc`)).status).toBe(404);
    expect((await admin.call("DELETE", `/api/admin/posts/${post.id}/revisions`)).status).toBe(405);
    const [only] = await revisions(post.id);
    // Another post's revision is not this post's.
    const other = await createPost(admin, { title: "Other guarded post" });
    expect((await admin.get(`/api/admin/posts/${other.id}/revisions/${only!.id}`)).status).toBe(404);
    const visitor = publicApi(server);
    expect((await visitor.get(`/api/admin/posts/${post.id}/revisions`)).status).toBe(401);
    expect((await visitor.call("POST", `/api/admin/posts/${post.id}/revisions/${only!.id}/restore`)).status).toBe(401);
  });
});
