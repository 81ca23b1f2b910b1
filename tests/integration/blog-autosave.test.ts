import { beforeAll, describe, expect, it } from "vitest";
import { createPost, postInput, publicApi, type Api, type CreatedPost } from "../support/api";
import { inviteStaff } from "../support/staff";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The editor's autosave and post versions at the HTTP boundary (decision record 0042): every saved change
 * counts a version; a save over a version the editor did not open is refused 409 with who and when; a
 * draft's autosave saves the post (one revision per run), a live post's waits as its one pending text,
 * unseen by the public, offered back, cleared by the full save.
 */
let server: TestServer;
let admin: Api;
let editor: Api & { id: number };
let author: Api & { id: number };
let contributor: Api & { id: number };
let adminId = 0;
siteForSuite({ env: { SEED_DEMO: "false", INDEXNOW_ENDPOINT: "http://127.0.0.1:9/indexnow" } }, (site) => ({ server, admin } = site));

beforeAll(async () => {
  adminId = (await (await admin.get("/api/admin/session")).json()).admin.id;
  editor = await inviteStaff(server, admin, "sam@autosave.test", "editor", "Sam Editor");
  author = await inviteStaff(server, admin, "ava@autosave.test", "author", "Ava Author");
  contributor = await inviteStaff(server, admin, "cal@autosave.test", "contributor", "Cal Contributor");
}, 120_000);

type Post = CreatedPost & { version: number; content: string; excerpt: string };
const getPost = async (api: Api, id: number) => (await (await api.get(`/api/blog/${id}`)).json()) as Post;
const fullBody = (post: Post, overrides: Record<string, unknown> = {}) =>
  postInput({ title: post.title, slug: post.slug, content: post.content, excerpt: post.excerpt, published: post.published, ...overrides });
const put = (api: Api, post: Post, overrides: Record<string, unknown> = {}) =>
  api.call("PUT", `/api/blog/${post.id}`, fullBody(post, overrides));
const autosave = (api: Api, id: number, body: Record<string, unknown>) => api.call("PUT", `/api/admin/posts/${id}/autosave`, body);
const pendingOf = async (api: Api, id: number) => (await (await api.get(`/api/admin/posts/${id}/autosave`)).json()).pending;
const revisions = async (id: number) =>
  ((await (await admin.get(`/api/admin/posts/${id}/revisions`)).json()) as { items: Array<{ title: string; actorEmail: string }> }).items;
const create = async (api: Api, overrides: Record<string, unknown> = {}) => getPost(api, (await createPost(api, overrides)).id);

describe("post versions", () => {
  it("starts at 1 and counts every saved change: edit, publish toggle, restore; answered by GET, PUT and the admin list", async () => {
    const post = await create(admin, { title: "Counted post" });
    expect(post.version).toBe(1);
    const edited = await put(admin, post, { content: "Second text" });
    expect(edited.status).toBe(200);
    expect((await edited.json()).post.version).toBe(2);
    expect((await (await admin.call("PUT", `/api/blog/${post.id}`, { published: false })).json()).post.version).toBe(3);
    const restoreId = ((await (await admin.get(`/api/admin/posts/${post.id}/revisions`)).json()).items as Array<{ id: number }>)[1]!.id;
    const restored = await admin.call("POST", `/api/admin/posts/${post.id}/revisions/${restoreId}/restore`);
    expect((await restored.json()).post.version).toBe(4);
    expect((await getPost(admin, post.id)).version).toBe(4);
    const listed = (await (await admin.get(`/api/admin/posts?q=${encodeURIComponent("Counted post")}`)).json()).items as Post[];
    expect(listed.find((p) => p.id === post.id)?.version).toBe(4);
  });

  it("saves a full PUT without a version as before (older clients)", async () => {
    const post = await create(admin);
    expect((await put(admin, post, { content: "No version sent" })).status).toBe(200);
    expect((await put(admin, post, { content: "Again no version" })).status).toBe(200);
  });

  it("refuses the second of two staff who opened the same version: 409 with who and when, nothing written", async () => {
    const post = await create(admin, { title: "Raced post" });
    const opened = (await getPost(editor, post.id)).version;
    expect((await getPost(admin, post.id)).version).toBe(opened);
    const first = await put(admin, post, { content: "The admin's text", version: opened });
    expect(first.status).toBe(200);
    const saved = (await first.json()).post as Post;
    const second = await put(editor, post, { content: "Sam's text", version: opened });
    expect(second.status).toBe(409);
    const refusal = await second.json();
    expect(refusal).toEqual({
      success: false,
      message: `This post was changed by ${refusal.current.updatedBy.name} at ${saved.updatedAt} after you opened it.`,
      current: { version: opened + 1, updatedAt: saved.updatedAt, updatedBy: { id: adminId, name: expect.any(String) } },
    });
    expect(refusal.message).toMatch(/^This post was changed by .+ at \d{4}-\d\d-\d\dT[\d:.]+Z after you opened it\.$/);
    expect(await getPost(admin, post.id)).toMatchObject({ content: "The admin's text", version: opened + 1 });
    // Who changed it is named: Sam saves the newer version, the admin's stale save names Sam.
    expect((await put(editor, post, { content: "Sam's text", version: opened + 1 })).status).toBe(200);
    const stale = await (await put(admin, post, { content: "Stale", version: opened + 1 })).json();
    expect(stale.message).toContain("changed by Sam Editor at");
    expect(stale.current.updatedBy).toEqual({ id: editor.id, name: "Sam Editor" });
  });

  it("lets exactly one of two saves sent at the same moment over one version land", async () => {
    const post = await create(admin);
    const answers = await Promise.all([
      put(admin, post, { content: "One", version: 1 }),
      put(editor, post, { content: "Two", version: 1 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await getPost(admin, post.id)).version).toBe(2);
  });

  it("checks the publish toggle's version when it sends one", async () => {
    const post = await create(admin);
    expect((await put(editor, post, { content: "Moved on", version: 1 })).status).toBe(200);
    const stale = await admin.call("PUT", `/api/blog/${post.id}`, { published: false, version: 1 });
    expect(stale.status).toBe(409);
    expect((await getPost(admin, post.id)).published).toBe(true);
    const fresh = await admin.call("PUT", `/api/blog/${post.id}`, { published: false, version: 2 });
    expect((await fresh.json()).post).toMatchObject({ published: false, version: 3 });
  });

  it("answers 400 for a version that is not a whole number", async () => {
    const post = await create(admin);
    expect((await put(admin, post, { version: "1" })).status).toBe(400);
  });
});

describe("autosave of a draft or scheduled post", () => {
  it("saves the post's text (work in progress may be short), counts a version, and answers pending false", async () => {
    const post = await create(admin, { published: false, excerpt: "Kept excerpt" });
    const res = await autosave(admin, post.id, { title: "", content: "Half a", version: 1 });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toEqual({ savedAt: expect.any(String), version: 2, pending: false });
    expect(await getPost(admin, post.id)).toMatchObject({
      title: "",
      content: "Half a",
      excerpt: "Kept excerpt",
      version: 2,
      updatedAt: answer.savedAt,
    });
    expect(await pendingOf(admin, post.id)).toBeNull();
    const scheduled = await create(admin, { createdAt: new Date(Date.now() + 86_400_000).toISOString() });
    const later = await (
      await autosave(admin, scheduled.id, { title: "Soon", content: "Tomorrow's text", excerpt: "Soon.", version: 1 })
    ).json();
    expect(later).toMatchObject({ version: 2, pending: false });
    expect(await getPost(admin, scheduled.id)).toMatchObject({ title: "Soon", content: "Tomorrow's text", excerpt: "Soon." });
  });

  it("keeps one revision for one member's run of autosaves, a new one for another member or after a full save", async () => {
    const post = await create(admin, { published: false, title: "Coalesced" });
    expect(await revisions(post.id)).toHaveLength(1);
    for (let n = 1; n <= 5; n++)
      expect((await autosave(admin, post.id, { title: `Coalesced ${n}`, content: `Text ${n}`, version: n })).status).toBe(200);
    let list = await revisions(post.id);
    expect(list.map((r) => r.title)).toEqual(["Coalesced 5", "Coalesced"]);
    expect((await autosave(editor, post.id, { title: "Sam's turn", content: "Sam", version: 6 })).status).toBe(200);
    expect((await autosave(editor, post.id, { title: "Sam's turn 2", content: "Sam", version: 7 })).status).toBe(200);
    list = await revisions(post.id);
    expect(list.map((r) => r.title)).toEqual(["Sam's turn 2", "Coalesced 5", "Coalesced"]);
    expect(list[0]!.actorEmail).toBe("sam@autosave.test");
    const current = await getPost(admin, post.id);
    expect((await put(editor, current, { title: "Saved for real", version: 8 })).status).toBe(200);
    expect((await autosave(editor, post.id, { title: "Typing again", content: "More", version: 9 })).status).toBe(200);
    expect((await revisions(post.id)).map((r) => r.title)).toEqual([
      "Typing again",
      "Saved for real",
      "Sam's turn 2",
      "Coalesced 5",
      "Coalesced",
    ]);
  });
});

describe("autosave of a live post", () => {
  it("leaves the post as the public sees it and keeps one pending text, offered back and replaced", async () => {
    const post = await create(admin, { title: "Live and pending", content: "What readers see." });
    const res = await autosave(admin, post.id, { title: "Live and pending", content: "SECRET-DRAFT-TEXT one", version: 1 });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toEqual({ savedAt: expect.any(String), version: 1, pending: true });
    const visitor = publicApi(server);
    expect(await getPost(visitor, post.id)).toMatchObject({ content: "What readers see.", version: 1, updatedAt: post.updatedAt });
    const page = await (await visitor.get(`/blog/${post.slug}`)).text();
    expect(page).toContain("What readers see.");
    expect(page).not.toContain("SECRET-DRAFT-TEXT");
    expect(await (await visitor.get("/blog/rss.xml")).text()).not.toContain("SECRET-DRAFT-TEXT");
    expect(await getPost(admin, post.id)).toMatchObject({ content: "What readers see.", version: 1 });
    // Offered back on any device, to anyone who may edit the post.
    expect(await pendingOf(editor, post.id)).toEqual({
      title: "Live and pending",
      content: "SECRET-DRAFT-TEXT one",
      excerpt: post.excerpt,
      savedAt: answer.savedAt,
      savedBy: { id: adminId, name: expect.any(String) },
      baseVersion: 1,
    });
    // Replaced by the next autosave (by anyone): one pending text per post.
    expect(
      (await autosave(editor, post.id, { title: "Live, renamed", content: "SECRET-DRAFT-TEXT two", excerpt: "New excerpt", version: 1 }))
        .status,
    ).toBe(200);
    expect(await pendingOf(admin, post.id)).toMatchObject({
      title: "Live, renamed",
      content: "SECRET-DRAFT-TEXT two",
      excerpt: "New excerpt",
      savedBy: { id: editor.id, name: "Sam Editor" },
    });
    expect(await revisions(post.id)).toHaveLength(1);
  });

  it("discards the pending text on DELETE", async () => {
    const post = await create(admin);
    expect((await autosave(admin, post.id, { title: "x", content: "y", version: 1 })).status).toBe(200);
    const res = await admin.call("DELETE", `/api/admin/posts/${post.id}/autosave`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await pendingOf(admin, post.id)).toBeNull();
    // Nothing to discard is no error.
    expect((await admin.call("DELETE", `/api/admin/posts/${post.id}/autosave`)).status).toBe(200);
  });

  it("makes the pending text live on Update Post (the full PUT), which clears it", async () => {
    const post = await create(admin, { content: "Old live text." });
    await autosave(admin, post.id, { title: post.title, content: "New live text.", version: 1 });
    const pending = await pendingOf(admin, post.id);
    const res = await put(admin, post, { content: pending.content, version: pending.baseVersion });
    expect(res.status).toBe(200);
    expect(await pendingOf(admin, post.id)).toBeNull();
    expect(await getPost(publicApi(server), post.id)).toMatchObject({ content: "New live text.", version: 2 });
    expect(await (await publicApi(server).get(`/blog/${post.slug}`)).text()).toContain("New live text.");
  });

  it("refuses an autosave over a version it did not open: 409 as the PUT's, nothing kept", async () => {
    const post = await create(admin);
    expect((await put(editor, post, { content: "Sam moved it on", version: 1 })).status).toBe(200);
    const res = await autosave(admin, post.id, { title: "t", content: "stale", version: 1 });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, current: { version: 2, updatedBy: { id: editor.id, name: "Sam Editor" } } });
    expect(body.message).toBe(`This post was changed by Sam Editor at ${body.current.updatedAt} after you opened it.`);
    expect(await pendingOf(admin, post.id)).toBeNull();
    // A draft's stale autosave is refused too, and its text is not saved.
    const draft = await create(admin, { published: false, content: "Draft text" });
    await autosave(editor, draft.id, { title: "t", content: "Sam's draft text", version: 1 });
    expect((await autosave(admin, draft.id, { title: "t", content: "stale", version: 1 })).status).toBe(409);
    expect((await getPost(admin, draft.id)).content).toBe("Sam's draft text");
  });
});

describe("who may autosave, and bad requests", () => {
  it("answers 401 signed out, 404 for an unknown post, 403 for another's post, as PUT does", async () => {
    const visitor = publicApi(server);
    const post = await create(admin);
    expect((await autosave(visitor, post.id, { title: "", content: "", version: 1 })).status).toBe(401);
    expect((await visitor.get(`/api/admin/posts/${post.id}/autosave`)).status).toBe(401);
    expect((await visitor.call("DELETE", `/api/admin/posts/${post.id}/autosave`)).status).toBe(401);
    expect((await autosave(admin, 999_999, { title: "", content: "", version: 1 })).status).toBe(404);
    expect((await admin.get(`/api/admin/posts/999999/autosave`)).status).toBe(404);
    expect((await autosave(author, post.id, { title: "", content: "", version: 1 })).status).toBe(403);
    expect((await author.get(`/api/admin/posts/${post.id}/autosave`)).status).toBe(403);
    expect((await author.call("DELETE", `/api/admin/posts/${post.id}/autosave`)).status).toBe(403);
    const own = await create(author);
    expect((await autosave(author, own.id, { title: "Mine", content: "Mine", version: 1 })).status).toBe(200);
  });

  it("lets a contributor autosave their own draft, not once it is published", async () => {
    const draft = await create(contributor, { published: false });
    expect(await (await autosave(contributor, draft.id, { title: "Mine", content: "Typing", version: 1 })).json()).toMatchObject({
      pending: false,
      version: 2,
    });
    expect((await editor.call("PUT", `/api/blog/${draft.id}`, { published: true })).status).toBe(200);
    expect((await autosave(contributor, draft.id, { title: "Mine", content: "After", version: 3 })).status).toBe(403);
  });

  it("answers 400 for a body the schema refuses, 415 for one that is not JSON, 405 for other methods", async () => {
    const post = await create(admin, { published: false });
    const missing = await autosave(admin, post.id, { title: "t", content: "c" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toHaveProperty("version");
    expect((await autosave(admin, post.id, { title: "t".repeat(201), content: "c", version: 1 })).status).toBe(400);
    expect((await autosave(admin, post.id, { title: "t", content: "c".repeat(30_001), version: 1 })).status).toBe(400);
    expect((await autosave(admin, post.id, { title: 5, content: "c", version: 1 })).status).toBe(400);
    const text = await fetch(`${server.url}/api/admin/posts/${post.id}/autosave`, {
      method: "PUT",
      headers: { cookie: admin.cookie!, "content-type": "text/plain" },
      body: "hello",
    });
    expect(text.status).toBe(415);
    expect((await admin.call("POST", `/api/admin/posts/${post.id}/autosave`, { title: "t", content: "c", version: 1 })).status).toBe(405);
    expect((await getPost(admin, post.id)).version).toBe(1);
  });

  it("lets a person type (autosaves every few seconds) but holds a runaway client at 90 a minute", async () => {
    const post = await create(author);
    const statuses: number[] = [];
    for (let n = 0; n < 95; n++) statuses.push((await autosave(author, post.id, { title: "t", content: `c ${n}`, version: 1 })).status);
    expect(statuses.slice(0, 80).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
    // Another member is not held by it.
    expect((await autosave(editor, post.id, { title: "t", content: "Sam", version: 1 })).status).toBe(200);
  }, 120_000);
});

describe.runIf(usingPostgres())("what the database holds (PostgreSQL: read while the server runs)", () => {
  const one = async (query: string) => Object.values((await queryTestDatabase(server.databaseUrl!, query))[0]!)[0];

  it("a live post's autosave writes nothing the public side counts: no content change, no job, no audit line", async () => {
    const post = await create(admin);
    const counts = () =>
      Promise.all(
        [
          "select changes from content_changes where name = 'blog'",
          "select count(*)::int from jobs",
          "select count(*)::int from audit_log",
        ].map(one),
      );
    const before = await counts();
    for (let n = 0; n < 3; n++)
      expect((await autosave(admin, post.id, { title: "t", content: `pending ${n}`, version: 1 })).status).toBe(200);
    expect(await counts()).toEqual(before);
    expect(await one(`select count(*)::int from blog_post_pending where post_id = ${post.id}`)).toBe(1);
  });

  it("starts a new autosave revision once the run began 10 minutes ago", async () => {
    const post = await create(admin, { published: false, title: "Long session" });
    await autosave(admin, post.id, { title: "Run one", content: "a", version: 1 });
    await autosave(admin, post.id, { title: "Run one, later", content: "b", version: 2 });
    await queryTestDatabase(
      server.databaseUrl!,
      `update blog_post_revisions set autosave_started_at = now() - interval '10 minutes 1 second' where post_id = ${post.id} and autosave_started_at is not null`,
    );
    await autosave(admin, post.id, { title: "Run two", content: "c", version: 3 });
    expect((await revisions(post.id)).map((r) => r.title)).toEqual(["Run two", "Run one, later", "Long session"]);
  });
});

describe.runIf(usingPostgres())("pending texts go with their post and their author", () => {
  it("deleting the post deletes its pending text; removing the member who saved one removes it", async () => {
    const post = await create(admin);
    await autosave(admin, post.id, { title: "t", content: "c", version: 1 });
    expect((await admin.call("DELETE", `/api/blog/${post.id}`)).status).toBe(200);
    expect(await queryTestDatabase(server.databaseUrl!, `select * from blog_post_pending where post_id = ${post.id}`)).toEqual([]);
    const leaving = await inviteStaff(server, admin, "leaving@autosave.test", "editor", "Leaving Member");
    const other = await create(admin);
    expect((await autosave(leaving, other.id, { title: "t", content: "theirs", version: 1 })).status).toBe(200);
    await queryTestDatabase(server.databaseUrl!, `delete from admin_users where id = ${leaving.id}`);
    expect(await queryTestDatabase(server.databaseUrl!, `select * from blog_post_pending where post_id = ${other.id}`)).toEqual([]);
    expect(await pendingOf(admin, other.id)).toBeNull();
  });
});
