import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, sectionHeading } from "~/admin-sections";
import { adminApi, createPost, createSubmission, publicApi, type Api } from "../support/api";
import { inviteStaff } from "../support/staff";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The admin's sections at the HTTP boundary (issue 42, decision 0050): each address is a page of its own, its
 * loader refuses the signed-out (to the login card and back) and the roles below its least one (403), the old
 * ?tab= addresses move for good, and the editor's page opens only the posts a member may edit.
 */
let server: TestServer;
let admin: Api;
let author: Api;
let contributor: Api;
let editor: Api;

const pages = ADMIN_SECTIONS.filter((s) => s.path !== "/admin");
const opens = (res: Response) => res.status === 200;

beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  admin = await adminApi(server);
  author = await inviteStaff(server, admin, "sections-author@test.clink.app", "author");
  contributor = await inviteStaff(server, admin, "sections-contributor@test.clink.app", "contributor");
  editor = await inviteStaff(server, admin, "sections-editor@test.clink.app", "editor");
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("the admin's sections", () => {
  it("each opens at its own address, with its own title, never stored", async () => {
    for (const section of pages) {
      const res = await admin.get(section.path);
      expect(res.status, section.path).toBe(200);
      expect(res.headers.get("cache-control"), section.path).toMatch(/no-store/);
      const html = await res.text();
      expect(html, section.path).toContain('aria-label="Admin sections"');
      // The Posts item keeps the spec's name for its page: Blog Management.
      const title = (section.id === "posts" ? sectionHeading(section.id) : section.label).replace("&", "&amp;");
      if (section.path.startsWith("/admin/") && !["staff", "profile"].includes(section.id))
        expect(html).toContain(`<title>${title} · Clink Admin</title>`);
    }
  });

  it("sends the signed-out to the login card, and back after signing in", async () => {
    const anonymous = publicApi(server);
    for (const section of pages) {
      const res = await anonymous.call("GET", section.path, undefined, {});
      const followed = await fetch(`${server.url}${section.path}`, { redirect: "manual" });
      expect(followed.status, section.path).toBe(302);
      expect(followed.headers.get("location"), section.path).toBe(`/admin?redirectTo=${encodeURIComponent(section.path)}`);
      expect(await res.text()).toContain("Admin Login");
    }
    const home = await anonymous.get("/admin");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Admin Login");
  });

  it("lets each role open only the sections its rights allow", async () => {
    const allowed = async (api: Api) => {
      const open: string[] = [];
      for (const section of pages) {
        const res = await fetch(`${server.url}${section.path}`, { headers: { cookie: api.cookie! }, redirect: "manual" });
        if (opens(res)) open.push(section.path);
        else expect(res.status, section.path).toBe(403);
      }
      return open;
    };
    expect(await allowed(author)).toEqual(["/admin/posts", "/admin/analytics", "/admin/profile"]);
    expect(await allowed(contributor)).toEqual(["/admin/posts", "/admin/profile"]);
  });

  it("gives each role an overview of what it may see", async () => {
    const ownerHtml = await (await admin.get("/admin")).text();
    for (const figure of [
      "overview-unresolved",
      "overview-deletions",
      "overview-failed-jobs",
      "overview-undelivered",
      "overview-spots-left",
      "overview-visitors-week",
    ])
      expect(ownerHtml).toContain(figure);
    expect(ownerHtml).toContain("Recent activity");
    const authorHtml = await (await author.get("/admin")).text();
    expect(authorHtml).toContain("overview-visitors-week");
    for (const figure of ["overview-unresolved", "overview-deletions", "overview-failed-jobs", "overview-spots-left", "Recent activity"])
      expect(authorHtml).not.toContain(figure);
    const contributorHtml = await (await contributor.get("/admin")).text();
    expect(contributorHtml).not.toContain("overview-visitors-week");
  });

  it("moves the old ?tab= addresses to their sections for good, with the list's query", async () => {
    const moved = async (query: string) => {
      const res = await fetch(`${server.url}/admin${query}`, { headers: { cookie: admin.cookie! }, redirect: "manual" });
      expect(res.status).toBe(301);
      return res.headers.get("location");
    };
    expect(await moved("?tab=blog&pq=gin")).toBe("/admin/posts?pq=gin");
    expect(await moved("?tab=submissions")).toBe("/admin/contact-submissions");
    expect(await moved("?tab=audience")).toBe("/admin/analytics");
    expect(await moved("?tab=system")).toBe("/admin/system");
    expect(await moved("?tab=gone")).toBe("/admin");
  });

  it("opens the editor's page on a post the member may edit, else 404", async () => {
    const post = await createPost(admin, { published: true });
    const own = await (await admin.get(`/admin/posts/${post.id}`)).text();
    expect(own).toContain("Edit Post");
    expect(own).toContain(post.title);
    expect((await admin.get("/admin/posts/new")).status).toBe(200);
    // An author edits their own posts only; a contributor never a published one.
    expect((await author.get(`/admin/posts/${post.id}`)).status).toBe(404);
    expect((await contributor.get(`/admin/posts/${post.id}`)).status).toBe(404);
    expect((await contributor.get("/admin/posts/new")).status).toBe(200);
    for (const id of ["0", "abc", "99999999", "1e3", "12345678901"]) expect((await admin.get(`/admin/posts/${id}`)).status, id).toBe(404);
  });

  it("renders each section's own data in its first HTML, as its role may see it", async () => {
    await createPost(admin, { title: "Preloaded Section Post" });
    expect((await createSubmission(server, { name: "Preload Person", subject: "Preloaded inbox" })).status).toBe(201);
    expect((await admin.call("POST", "/api/admin/tags", { name: "Preload Tag" })).status).toBe(201);
    expect((await admin.call("POST", "/api/admin/redirects", { from: "/preload-old", to: "/preload-new", status: 301 })).status).toBe(201);
    expect((await admin.call("POST", "/api/admin/integrations", { name: "Preload Integration" })).status).toBe(201);
    expect(
      (await publicApi(server).call("POST", "/api/waitlist", { email: "preload-person@audience.example", city: "Sydney", platform: "ios" }))
        .status,
    ).toBe(202);

    // In the markup itself (between tags), not only in the data the page hydrates from.
    const shown = (html: string, text: string) => new RegExp(`>[^<]*${text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^<]*<`).test(html);
    const html = async (api: Api, path: string) => {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const expectations: Array<[string, string]> = [
      ["/admin/posts", "Preloaded Section Post"],
      ["/admin/contact-submissions", "Preloaded inbox"],
      ["/admin/tags", "Preload Tag"],
      ["/admin/redirects", "/preload-old"],
      ["/admin/integrations", "Preload Integration"],
      ["/admin/subscribers", "preload-person@audience.example"],
    ];
    for (const [path, text] of expectations) expect(shown(await html(admin, path), text), `${path} shows ${text}`).toBe(true);
    // Its data only: the posts list holds no one's enquiry.
    expect((await html(admin, "/admin/posts")).includes("Preloaded inbox")).toBe(false);
    // The inbox's filter in the address is the list the first HTML shows.
    expect(shown(await html(admin, "/admin/contact-submissions?status=resolved"), "Preloaded inbox")).toBe(false);
    // An editor sees the lists' counts, never the people on them (not even in the page's data).
    const editorView = await html(editor, "/admin/subscribers");
    expect(editorView).not.toContain("preload-person@audience.example");
    expect(shown(editorView, "Spots left:")).toBe(true);
  });
});
