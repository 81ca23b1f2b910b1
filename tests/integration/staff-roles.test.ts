import { beforeAll, describe, expect, it } from "vitest";
import { createPost, createSubmission, publicApi, type Api } from "../support/api";
import { inviteStaff, type StaffRole } from "../support/staff";
import { siteForSuite } from "../support/suite";
import { waitFor } from "../support/eventually";
import type { TestServer } from "../support/test-server";

/**
 * Every admin endpoint, for every role: 401 signed out (pages: sent to sign in), 403 below the role the
 * endpoint needs, its own answer at or above it.
 */
let server: TestServer;
let owner: Api;
const as: Partial<Record<StaffRole, Api & { id?: number }>> = {};
siteForSuite({ env: { INDEXNOW_ENDPOINT: "http://127.0.0.1:9/indexnow" } }, (site) => {
  server = site.server;
  owner = site.admin;
});

const ROLES: StaffRole[] = ["contributor", "author", "editor", "administrator", "owner"];
const RANK = Object.fromEntries(ROLES.map((r, i) => [r, i])) as Record<StaffRole, number>;

type Endpoint = {
  method: string;
  path: string | (() => Promise<string>);
  body?: () => unknown;
  /** The least role allowed. */
  role: StaffRole;
  /** What an allowed role gets (a fresh target per call where the call changes something). */
  allowed: number;
  page?: boolean;
};

let submissionId = 0;
let authorToChange = 0;
const ownersPost = () => createPost(owner, { published: false }).then((p) => `/api/blog/${p.id}`);
const ownersPostAutosave = () => createPost(owner, { published: false }).then((p) => `/api/admin/posts/${p.id}/autosave`);
const ownersPostRevisions = () => createPost(owner, { published: false }).then((p) => `/api/admin/posts/${p.id}/revisions`);

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: "/api/admin/contact-submissions", role: "administrator", allowed: 200 },
  { method: "GET", path: "/api/admin/contact-submissions.csv", role: "administrator", allowed: 200 },
  {
    method: "PATCH",
    path: async () => `/api/admin/contact-submissions/${submissionId}`,
    body: () => ({ isResolved: true }),
    role: "administrator",
    allowed: 200,
  },
  { method: "DELETE", path: "/api/admin/contact-submissions/999999", role: "administrator", allowed: 404 },
  {
    method: "PATCH",
    path: "/api/admin/data-deletion-requests/999999",
    body: () => ({ status: "completed" }),
    role: "administrator",
    allowed: 404,
  },
  { method: "GET", path: "/api/admin/data-deletion-requests", role: "administrator", allowed: 200 },
  { method: "GET", path: "/api/admin/retention-runs", role: "administrator", allowed: 200 },
  // Authors see only their own posts' pages (app/analytics/report.server.ts).
  { method: "GET", path: "/api/admin/analytics", role: "author", allowed: 200 },
  { method: "GET", path: "/api/admin/jobs", role: "administrator", allowed: 200 },
  { method: "GET", path: "/api/admin/system", role: "administrator", allowed: 200 },
  { method: "POST", path: "/api/admin/backups", role: "administrator", allowed: 202 },
  // The first start's daily backup: once written, the owner downloads it.
  {
    method: "GET",
    path: () =>
      waitFor(
        async () => ((await owner.get("/api/admin/backups/latest")).status === 200 ? "/api/admin/backups/latest" : undefined),
        "the first backup",
      ),
    role: "owner",
    allowed: 200,
  },
  { method: "POST", path: "/api/admin/jobs/999999/retry", role: "administrator", allowed: 404 },
  { method: "GET", path: "/api/crawler-stats", role: "administrator", allowed: 200 },
  { method: "GET", path: "/api/ai-indexing-status", role: "administrator", allowed: 200 },
  { method: "POST", path: "/api/submit-sitemap", role: "administrator", allowed: 200 },
  { method: "GET", path: "/api/admin/export", role: "administrator", allowed: 200 },
  // A JSON body is no upload: 415 once the role is checked (a refused role answers 403 first).
  { method: "POST", path: "/api/admin/import", role: "administrator", allowed: 415 },
  { method: "GET", path: "/api/admin/tags", role: "editor", allowed: 200 },
  { method: "PATCH", path: "/api/admin/tags/no-such-tag", body: () => ({ description: "x" }), role: "editor", allowed: 404 },
  {
    method: "POST",
    path: "/api/admin/tags/merge",
    body: () => ({ from: ["no-such-tag"], into: "another-missing-tag" }),
    role: "editor",
    allowed: 404,
  },
  { method: "GET", path: "/api/admin/media", role: "editor", allowed: 200 },
  {
    method: "DELETE",
    path: "/api/admin/media/0000000000000000000000000000000000000000000000000000000000000000",
    role: "editor",
    allowed: 404,
  },
  { method: "GET", path: "/api/admin/venues", role: "editor", allowed: 200 },
  { method: "PUT", path: "/api/admin/venues/999999", body: () => ({ hidden: true }), role: "editor", allowed: 404 },
  // Broadcasts (decision record 0049): editors draft and test; administrators and the owner send.
  { method: "GET", path: "/api/admin/broadcasts", role: "editor", allowed: 200 },
  {
    method: "POST",
    path: "/api/admin/broadcasts",
    body: () => ({ subject: "Hello", markdown: "Hi", list: "blog" }),
    role: "editor",
    allowed: 201,
  },
  { method: "GET", path: "/api/admin/broadcasts/audience?list=waitlist&city=Sydney", role: "editor", allowed: 200 },
  {
    method: "PUT",
    path: "/api/admin/broadcasts/999999",
    body: () => ({ subject: "Hello", markdown: "Hi", list: "blog" }),
    role: "editor",
    allowed: 404,
  },
  { method: "POST", path: "/api/admin/broadcasts/999999/test", body: () => ({}), role: "editor", allowed: 404 },
  { method: "POST", path: "/api/admin/broadcasts/999999/send", body: () => ({}), role: "administrator", allowed: 404 },
  { method: "GET", path: "/api/admin/staff", role: "editor", allowed: 200 },
  {
    method: "PATCH",
    path: async () => `/api/admin/staff/${authorToChange}`,
    body: () => ({ role: "author" }),
    role: "editor",
    allowed: 200,
  },
  { method: "GET", path: "/api/admin/invitations", role: "editor", allowed: 200 },
  { method: "DELETE", path: "/api/admin/invitations/999999", role: "editor", allowed: 404 },
  {
    method: "POST",
    path: "/api/admin/invitations",
    body: () => ({ email: `new-${Math.random().toString(36).slice(2)}@test.clink.app`, role: "contributor" }),
    role: "editor",
    allowed: 201,
  },
  { method: "POST", path: "/api/admin/staff/999999/ownership", role: "owner", allowed: 404 },
  { method: "PUT", path: ownersPost, body: () => ({ published: false }), role: "editor", allowed: 200 },
  { method: "DELETE", path: ownersPost, role: "editor", allowed: 200 },
  { method: "GET", path: "/api/admin/posts", role: "contributor", allowed: 200 },
  // Another member's post: its history is for editors and up (authors and contributors see their own).
  { method: "GET", path: ownersPostRevisions, role: "editor", allowed: 200 },
  { method: "GET", path: async () => `${await ownersPostRevisions()}/999999`, role: "editor", allowed: 404 },
  { method: "POST", path: async () => `${await ownersPostRevisions()}/999999/restore`, role: "editor", allowed: 404 },
  // Another member's draft: its autosave is for whoever may PUT it (editors and up).
  {
    method: "PUT",
    path: ownersPostAutosave,
    body: () => ({ title: "Typing", content: "Half a sentence", version: 1 }),
    role: "editor",
    allowed: 200,
  },
  { method: "GET", path: ownersPostAutosave, role: "editor", allowed: 200 },
  { method: "DELETE", path: ownersPostAutosave, role: "editor", allowed: 200 },
  {
    method: "POST",
    path: "/api/blog",
    body: () => ({
      title: `Draft ${Math.random()}`,
      author: "Someone",
      excerpt: "An excerpt.",
      content: "Body.",
      category: "tips",
      published: false,
    }),
    role: "contributor",
    allowed: 201,
  },
  {
    method: "POST",
    path: "/api/tag-suggestions",
    body: () => ({ title: "Happy hour in Austin", content: "Cocktails and friends.", excerpt: "", category: "tips" }),
    role: "contributor",
    allowed: 200,
  },
  { method: "POST", path: "/api/upload", role: "contributor", allowed: 400 },
  { method: "GET", path: "/api/admin/sessions", role: "contributor", allowed: 200 },
  { method: "GET", path: "/api/admin/profile", role: "contributor", allowed: 200 },
  { method: "GET", path: "/api/admin/two-factor", role: "contributor", allowed: 200 },
  { method: "GET", path: "/api/admin/passkeys", role: "contributor", allowed: 200 },
  { method: "PUT", path: "/api/admin/two-factor/policy", body: () => ({ requiredForAllStaff: false }), role: "owner", allowed: 200 },
  { method: "GET", path: "/admin/security", role: "contributor", allowed: 200, page: true },
  { method: "GET", path: "/ai-admin", role: "administrator", allowed: 200, page: true },
  { method: "GET", path: "/admin/staff", role: "editor", allowed: 200, page: true },
  { method: "GET", path: "/admin/profile", role: "contributor", allowed: 200, page: true },
];

/** Endpoints listed above with a fresh target (their path made per call), by their route pattern. */
const ENDPOINTS_BY_PATTERN = [
  "/api/admin/media/:hash",
  "/api/admin/tags/:slug",
  "/api/admin/posts/:id/revisions",
  "/api/admin/posts/:id/revisions/:revisionId",
  "/api/admin/posts/:id/revisions/:revisionId/restore",
  "/api/admin/posts/:id/autosave",
  "/api/admin/contact-submissions/:id",
  "/api/admin/staff/:id",
  "/api/admin/backups/latest",
];
/** Admin endpoints whose roles other suites check (sign-in itself, and each feature's own tests). */
const ADMIN_ROUTES_ELSEWHERE = [
  // Steps of one's own sign-in and of one's own second factor (tests/integration/two-factor.test.ts).
  "/api/admin/two-factor/setup",
  "/api/admin/two-factor/confirm",
  "/api/admin/two-factor/verify",
  "/api/admin/two-factor/recovery-codes",
  "/api/admin/passkeys/registration-options",
  "/api/admin/passkeys/authentication-options",
  "/api/admin/passkeys/sign-in",
  "/api/admin/passkeys/:id",
  "/api/admin/login",
  "/api/admin/logout",
  "/api/admin/session",
  "/api/admin/password-reset-requests",
  "/api/admin/sessions/:id",
];

beforeAll(async () => {
  for (const role of ROLES.filter((r) => r !== "owner")) as[role] = await inviteStaff(server, owner, `${role}@roles.test`, role);
  as.owner = owner;
  submissionId = (await (await createSubmission(server)).json()).submission?.id ?? 0;
  if (!submissionId) {
    const list = await (await owner.get("/api/admin/contact-submissions")).json();
    submissionId = (list.items ?? list)[0].id;
  }
  const target = await inviteStaff(server, owner, "target-author@roles.test", "author");
  authorToChange = target.id;
}, 120_000);

async function call(client: Api | null, endpoint: Endpoint): Promise<Response> {
  const path = typeof endpoint.path === "string" ? endpoint.path : await endpoint.path();
  const api = client ?? publicApi(server);
  if (endpoint.page) return fetch(`${server.url}${path}`, { redirect: "manual", headers: client?.cookie ? { cookie: client.cookie } : {} });
  if (endpoint.path === "/api/upload") {
    const form = new FormData();
    form.append("image", new Blob([Buffer.from("not an image")], { type: "image/png" }), "x.png");
    return fetch(`${server.url}${path}`, { method: "POST", body: form, headers: client?.cookie ? { cookie: client.cookie } : {} });
  }
  return api.call(endpoint.method, path, endpoint.body?.());
}

describe("every admin endpoint for every role", () => {
  for (const endpoint of ENDPOINTS) {
    const name = `${endpoint.method} ${typeof endpoint.path === "string" ? endpoint.path : "(fresh target)"}`;
    it(`${name}: 401 signed out, 403 below ${endpoint.role}, ${endpoint.allowed} from ${endpoint.role} up`, async () => {
      const anonymous = await call(null, endpoint);
      if (endpoint.page) {
        expect(anonymous.status).toBe(302);
        expect(anonymous.headers.get("location")).toMatch(/^\/admin\?redirectTo=/);
      } else expect(anonymous.status).toBe(401);
      const seen: Record<string, number> = {};
      for (const role of ROLES) seen[role] = (await call(as[role]!, endpoint)).status;
      const expected = Object.fromEntries(ROLES.map((role) => [role, RANK[role] >= RANK[endpoint.role] ? endpoint.allowed : 403]));
      expect(seen).toEqual(expected);
    });
  }
});

describe("the list above", () => {
  it("names every admin endpoint the site declares (a new one must say which role it needs)", async () => {
    const fs = await import("node:fs");
    const routes = fs.readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
    const declared = [...routes.matchAll(/route\("(admin\/[^"]+)", "routes\/resources\//g)].map((m) => `/api/${m[1]}`);
    const listed = ENDPOINTS.map((e) => (typeof e.path === "string" ? e.path : "")).join(" ") + " " + ENDPOINTS_BY_PATTERN.join(" ");
    const pattern = (route: string) => new RegExp(route.replace(/:[^/]+/g, "[^/ ]+").replace(/\./g, "\\.") + "(?=\\s|$)");
    expect(declared.filter((route) => !pattern(route).test(listed) && !ADMIN_ROUTES_ELSEWHERE.includes(route))).toEqual([]);
  });
});

describe("posts belong to their author", () => {
  it("lets a contributor write drafts of their own only", async () => {
    const contributor = as.contributor!;
    const published = await contributor.call("POST", "/api/blog", {
      title: "Published?",
      author: "C",
      excerpt: "E.",
      content: "B.",
      category: "tips",
      published: true,
    });
    expect(published.status).toBe(403);
    const draft = await createPost(contributor, { published: false });
    expect((await contributor.call("PUT", `/api/blog/${draft.id}`, { published: true })).status).toBe(403);
    expect((await contributor.call("PUT", `/api/blog/${draft.id}`, { ...draftBody(), title: "Still a draft" })).status).toBe(200);
    // The editor publishes it; from then on the contributor cannot change it.
    expect((await as.editor!.call("PUT", `/api/blog/${draft.id}`, { published: true })).status).toBe(200);
    expect((await contributor.call("PUT", `/api/blog/${draft.id}`, { ...draftBody(), title: "Changed after publishing" })).status).toBe(
      403,
    );
  });

  it("lets an author publish their own posts and not touch anyone else's", async () => {
    const author = as.author!;
    const own = await createPost(author, { published: true });
    expect(own.published).toBe(true);
    const others = await createPost(owner, { published: true });
    expect((await author.call("PUT", `/api/blog/${others.id}`, { published: false })).status).toBe(403);
    expect((await author.call("DELETE", `/api/blog/${others.id}`)).status).toBe(403);
    expect((await author.get(`/api/blog/${(await createPost(owner, { published: false })).id}`)).status).toBe(404);
    const list = await (await author.get("/api/admin/posts")).json();
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((p: { authorId: number }) => p.authorId === as.author!.id)).toBe(true);
    // Giving a post to someone else is an editor's choice.
    expect((await author.call("POST", "/api/blog", { ...draftBody(), authorId: as.contributor!.id })).status).toBe(403);
    const credited = await as.editor!.call("POST", "/api/blog", { ...draftBody(), authorId: as.author!.id });
    expect(credited.status).toBe(201);
    expect((await credited.json()).post.authorId).toBe(as.author!.id);
  });

  it("lets an editor credit only an active member: not a suspended one, not one that does not exist", async () => {
    const away = await inviteStaff(server, owner, "away-author@roles.test", "author");
    expect((await owner.call("PATCH", `/api/admin/staff/${away.id}`, { status: "suspended" })).status).toBe(200);
    const refused = await as.editor!.call("POST", "/api/blog", { ...draftBody(), authorId: away.id });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ authorId: "Choose an author" });
    expect((await as.editor!.call("POST", "/api/blog", { ...draftBody(), authorId: 999_999 })).status).toBe(400);
    // Writing as themselves, by id, is every member's right.
    expect((await as.contributor!.call("POST", "/api/blog", { ...draftBody(), authorId: as.contributor!.id })).status).toBe(201);
  });

  it("lets editors invite only authors and contributors, and nobody invite an owner", async () => {
    expect((await as.editor!.call("POST", "/api/admin/invitations", { email: "x1@roles.test", role: "administrator" })).status).toBe(403);
    expect((await as.editor!.call("POST", "/api/admin/invitations", { email: "x2@roles.test", role: "editor" })).status).toBe(403);
    expect((await owner.call("POST", "/api/admin/invitations", { email: "x3@roles.test", role: "owner" })).status).toBe(403);
    expect((await as.editor!.call("PATCH", `/api/admin/staff/${as.administrator!.id}`, { status: "suspended" })).status).toBe(403);
    const staff = (await (await owner.get("/api/admin/staff")).json()).staff as Array<{ email: string; role: string }>;
    expect(staff.find((s) => s.email === "editor@roles.test")?.role).toBe("editor");
    expect(staff.filter((s) => s.role === "owner")).toHaveLength(1);
  });
});

function draftBody() {
  return {
    title: `Draft ${Math.random()}`,
    author: "Someone",
    excerpt: "An excerpt.",
    content: "Body.",
    category: "tips",
    published: false,
  };
}
