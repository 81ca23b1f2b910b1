import { describe, expect, it } from "vitest";
import { publicApi, type Api } from "../support/api";
import { inviteStaff, linkTokenFor, postForm, sessionCookieOf, STAFF_PASSWORD } from "../support/staff";
import { siteForSuite } from "../support/suite";
import type { TestServer } from "../support/test-server";

/**
 * Staff access, closed (issue 30): invitations listed, revoked and void once their sender may no longer
 * send them; a newer reset link voids the older; a session handle matches exactly. (Two-factor under the
 * owner's policy: tests/integration/two-factor.test.ts.)
 */
let server: TestServer;
let owner: Api;
siteForSuite({}, (site) => {
  server = site.server;
  owner = site.admin;
});

type Listed = { id: number; email: string; role: string; invitedBy: string };
const pending = async (api: Api): Promise<Listed[]> => {
  const res = await api.get("/api/admin/invitations");
  expect(res.status).toBe(200);
  return (await res.json()).invitations;
};
const sendInvitation = async (api: Api, email: string, role: string): Promise<number> => {
  const res = await api.call("POST", "/api/admin/invitations", { email, role });
  expect(res.status).toBe(201);
  return (await res.json()).invitation.id;
};
const accept = async (email: string) =>
  postForm(server, "/admin/accept-invitation", {
    token: await linkTokenFor(server, email, /invited/),
    name: email.split("@")[0]!,
    password: STAFF_PASSWORD,
  });
const login = (email: string, password: string) =>
  fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
const signedIn = async (api: Api) => (await (await api.get("/api/admin/session")).json()).authenticated as boolean;

describe("pending invitations", () => {
  it("are listed and revoked by the roles that may send them, and a revoked link no longer works", async () => {
    const editor = await inviteStaff(server, owner, "lister@access.test", "editor");
    const adminInvite = await sendInvitation(owner, "future-admin@access.test", "administrator");
    const writerInvite = await sendInvitation(owner, "future-writer@access.test", "contributor");

    const byOwner = await pending(owner);
    expect(byOwner.find((i) => i.id === adminInvite)).toMatchObject({
      email: "future-admin@access.test",
      role: "administrator",
      invitedBy: expect.stringMatching(/.+/),
    });
    // Editors invite writers only: they see and revoke those, not an administrator's invitation.
    const byEditor = await pending(editor);
    expect(byEditor.map((i) => i.id)).toContain(writerInvite);
    expect(byEditor.map((i) => i.id)).not.toContain(adminInvite);
    expect((await editor.call("DELETE", `/api/admin/invitations/${adminInvite}`)).status).toBe(403);
    const author = await inviteStaff(server, owner, "no-lister@access.test", "author");
    expect((await author.get("/api/admin/invitations")).status).toBe(403);
    expect((await author.call("DELETE", `/api/admin/invitations/${writerInvite}`)).status).toBe(403);
    expect((await publicApi(server).get("/api/admin/invitations")).status).toBe(401);

    expect((await editor.call("DELETE", `/api/admin/invitations/${writerInvite}`)).status).toBe(200);
    expect((await pending(owner)).map((i) => i.id)).not.toContain(writerInvite);
    expect((await editor.call("DELETE", `/api/admin/invitations/${writerInvite}`)).status).toBe(404);
    expect((await owner.call("DELETE", "/api/admin/invitations/abc")).status).toBe(404);
    const revoked = await accept("future-writer@access.test");
    expect(revoked.status).toBe(400);
    expect(await revoked.text()).toContain("This link is no longer valid.");
    // The administrator's invitation still works.
    expect((await accept("future-admin@access.test")).status).toBe(302);
  });

  it("are void once their sender is suspended: not listed, and the link creates no account", async () => {
    const editor = await inviteStaff(server, owner, "soon-suspended@access.test", "editor");
    const id = await sendInvitation(editor, "orphan@access.test", "author");
    expect((await pending(owner)).map((i) => i.id)).toContain(id);
    expect((await owner.call("PATCH", `/api/admin/staff/${editor.id}`, { status: "suspended" })).status).toBe(200);
    expect((await pending(owner)).map((i) => i.id)).not.toContain(id);
    const res = await accept("orphan@access.test");
    expect(res.status).toBe(400);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect((await login("orphan@access.test", STAFF_PASSWORD)).status).toBe(401);
  });

  it("are void once their sender may no longer invite that role", async () => {
    const editor = await inviteStaff(server, owner, "soon-demoted@access.test", "editor");
    const id = await sendInvitation(editor, "demoted-guest@access.test", "contributor");
    expect((await owner.call("PATCH", `/api/admin/staff/${editor.id}`, { role: "author" })).status).toBe(200);
    expect((await pending(owner)).map((i) => i.id)).not.toContain(id);
    expect((await accept("demoted-guest@access.test")).status).toBe(400);
    expect((await login("demoted-guest@access.test", STAFF_PASSWORD)).status).toBe(401);
  });
});

describe("password reset links", () => {
  it("a newer link voids the older one", async () => {
    await inviteStaff(server, owner, "twice-forgetful@access.test", "author");
    const ask = () => publicApi(server).call("POST", "/api/admin/password-reset-requests", { email: "twice-forgetful@access.test" });
    expect((await ask()).status).toBe(202);
    const older = await linkTokenFor(server, "twice-forgetful@access.test", /Reset your/);
    expect((await ask()).status).toBe(202);
    const newer = await linkTokenFor(server, "twice-forgetful@access.test", /Reset your/, 1);
    expect(newer).not.toBe(older);
    const stale = await postForm(server, "/admin/reset-password", { token: older, password: "maple orbit sparrow kettle 7" });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("This link is no longer valid.");
    expect((await login("twice-forgetful@access.test", STAFF_PASSWORD)).status).toBe(200);
    expect((await postForm(server, "/admin/reset-password", { token: newer, password: "maple orbit sparrow kettle 7" })).status).toBe(200);
  });
});

describe("session handles", () => {
  it("match exactly: a handle of underscores is no pattern that ends every other session", async () => {
    const member = await inviteStaff(server, owner, "many-devices@access.test", "contributor");
    const other = publicApi(server, sessionCookieOf(await login("many-devices@access.test", STAFF_PASSWORD)));
    expect((await member.call("DELETE", "/api/admin/sessions/________________")).status).toBe(404);
    expect(await signedIn(other)).toBe(true);
    expect(await signedIn(member)).toBe(true);
  });
});
