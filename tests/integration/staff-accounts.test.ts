import { describe, expect, it } from "vitest";
import { publicApi, type Api } from "../support/api";
import { outboxMessages } from "../support/outbox-folder";
import { inviteStaff, linkTokenFor, postForm, sessionCookieOf, STAFF_PASSWORD } from "../support/staff";
import { siteForSuite } from "../support/suite";
import { startTestServer, usingPostgres, type TestServer } from "../support/test-server";

let server: TestServer;
let owner: Api;
siteForSuite({}, (site) => {
  server = site.server;
  owner = site.admin;
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
  });
const signedIn = async (api: Api) => (await (await api.get("/api/admin/session")).json()).authenticated as boolean;

describe("invitations", () => {
  it("works once, judges the password by strength and signs the new member in", async () => {
    expect((await owner.call("POST", "/api/admin/invitations", { email: "weak@staff.test", role: "author" })).status).toBe(201);
    const token = await linkTokenFor(server, "weak@staff.test", /invited/);
    // No token travels in a URL: the link's fragment carries it.
    const mail = outboxMessages(server.dataDir).find((m) => m.to.includes("weak@staff.test"))!;
    expect(mail.text).toContain(`/admin/accept-invitation#token=${token}`);
    const weak = await postForm(server, "/admin/accept-invitation", { token, name: "Weak Will", password: "password1234" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("This password is too easy to guess.");
    const accepted = await postForm(server, "/admin/accept-invitation", { token, name: "Weak Will", password: STAFF_PASSWORD });
    expect(accepted.status).toBe(302);
    expect(await signedIn(publicApi(server, sessionCookieOf(accepted)))).toBe(true);
    const again = await postForm(server, "/admin/accept-invitation", { token, name: "Someone Else", password: STAFF_PASSWORD });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This link is no longer valid.");
  });

  it("refuses an address that is already a staff member's", async () => {
    expect((await owner.call("POST", "/api/admin/invitations", { email: "weak@staff.test", role: "author" })).status).toBe(409);
  });

  it("limits invitations per inviting member: 30 an hour, then 429 with Retry-After", async () => {
    // An administrator of its own, so the owner's count stays free for the other tests.
    const inviter = await inviteStaff(server, owner, "busy-inviter@staff.test", "administrator");
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await inviter.call("POST", "/api/admin/invitations", { email: `guest${i}@staff.test`, role: "contributor" })).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const over = await inviter.call("POST", "/api/admin/invitations", { email: "one-too-many@staff.test", role: "contributor" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Counted per inviter: the owner still invites.
    expect((await owner.call("POST", "/api/admin/invitations", { email: "after-limit@staff.test", role: "contributor" })).status).toBe(201);
  });
});

describe("password reset", () => {
  it("answers 202 for any address, e-mails a one-hour link, and the reset ends every old session", async () => {
    const member = await inviteStaff(server, owner, "forgetful@staff.test", "author");
    const second = publicApi(server, sessionCookieOf(await login("forgetful@staff.test", STAFF_PASSWORD)));
    const unknown = await publicApi(server).call("POST", "/api/admin/password-reset-requests", { email: "nobody@staff.test" });
    const known = await publicApi(server).call("POST", "/api/admin/password-reset-requests", { email: "Forgetful@staff.test" });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    const token = await linkTokenFor(server, "forgetful@staff.test", /Reset your/);
    expect(outboxMessages(server.dataDir).some((m) => m.to.includes("nobody@staff.test"))).toBe(false);
    expect(outboxMessages(server.dataDir).find((m) => m.to.includes("forgetful") && /Reset/.test(m.subject))!.text).toContain(
      `/admin/reset-password#token=${token}`,
    );

    const page = await fetch(`${server.url}/admin/reset-password`);
    expect(page.status).toBe(200);
    const reset = await postForm(server, "/admin/reset-password", { token, password: "maple orbit sparrow kettle 7" });
    expect(reset.status).toBe(200);
    expect(await signedIn(member)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect((await login("forgetful@staff.test", STAFF_PASSWORD)).status).toBe(401);
    expect((await login("forgetful@staff.test", "maple orbit sparrow kettle 7")).status).toBe(200);
    const reused = await postForm(server, "/admin/reset-password", { token, password: "another fine phrase 99 zebra" });
    expect(reused.status).toBe(400);
  });

  it("limits requests per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await publicApi(server).call("POST", "/api/admin/password-reset-requests", { email: `x${i}@staff.test` })).status);
    }
    expect(statuses).toContain(429);
  });
});

describe("sessions", () => {
  it("lists the member's sessions with device and network, and ends others", async () => {
    const member = await inviteStaff(server, owner, "traveller@staff.test", "contributor");
    const phone = publicApi(
      server,
      sessionCookieOf(
        await login("traveller@staff.test", STAFF_PASSWORD, {
          "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1",
        }),
      ),
    );
    const { sessions } = await (await member.get("/api/admin/sessions")).json();
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ device: "Safari on iOS", network: "127.0.0.0/24" });
    expect((await member.call("DELETE", `/api/admin/sessions/${other.id}`)).status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(member)).toBe(true);
  });
});

describe("suspension", () => {
  it("refuses a suspended member's open session on the next request; their posts stay", async () => {
    const member = await inviteStaff(server, owner, "suspended@staff.test", "author");
    const post = await (
      await member.call("POST", "/api/blog", {
        title: "Stays",
        author: "S",
        excerpt: "E.",
        content: "B.",
        category: "tips",
        published: true,
      })
    ).json();
    expect((await owner.call("PATCH", `/api/admin/staff/${member.id}`, { status: "suspended" })).status).toBe(200);
    expect((await member.get("/api/admin/posts")).status).toBe(401);
    expect((await login("suspended@staff.test", STAFF_PASSWORD)).status).toBe(401);
    expect((await publicApi(server).get(`/api/blog/${post.post.id}`)).status).toBe(200);
    expect((await owner.call("PATCH", `/api/admin/staff/${member.id}`, { status: "active" })).status).toBe(200);
    expect((await login("suspended@staff.test", STAFF_PASSWORD)).status).toBe(200);
  });

  it.runIf(usingPostgres())("ends the session on another instance sharing the database", async () => {
    const other = await startTestServer({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
    try {
      const member = await inviteStaff(server, owner, "elsewhere@staff.test", "author");
      const there = publicApi(
        other,
        sessionCookieOf(
          await fetch(`${other.url}/api/admin/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: "elsewhere@staff.test", password: STAFF_PASSWORD }),
          }),
        )!,
      );
      expect((await there.get("/api/admin/posts")).status).toBe(200);
      expect((await owner.call("PATCH", `/api/admin/staff/${member.id}`, { status: "suspended" })).status).toBe(200);
      expect((await there.get("/api/admin/posts")).status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});

describe("ownership", () => {
  it("passes to an administrator, and the old owner becomes one", async () => {
    const admin = await inviteStaff(server, owner, "heir@staff.test", "administrator");
    expect((await admin.call("POST", `/api/admin/staff/${admin.id}/ownership`)).status).toBe(403);
    expect((await owner.call("POST", `/api/admin/staff/${admin.id}/ownership`)).status).toBe(200);
    const staff = (await (await admin.get("/api/admin/staff")).json()).staff as Array<{ id: number; role: string }>;
    expect(staff.filter((s) => s.role === "owner").map((s) => s.id)).toEqual([admin.id]);
    expect((await owner.call("POST", `/api/admin/staff/${admin.id}/ownership`)).status).toBe(403);
    expect(
      (await admin.call("POST", `/api/admin/staff/${staff.find((s) => s.role === "administrator" && s.id !== admin.id)!.id}/ownership`))
        .status,
    ).toBe(200);
  });
});

describe("sign-in limit", () => {
  it("checks at most 5 passwords for 50 parallel wrong guesses at one address", async () => {
    await inviteStaff(server, owner, "target@staff.test", "author");
    const statuses = await Promise.all(Array.from({ length: 50 }, () => login("target@staff.test", "wrong guess").then((r) => r.status)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
  });
});
