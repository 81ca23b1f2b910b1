import { publicApi, type Api } from "./api";
import { waitFor } from "./eventually";
import { outboxMessages } from "./outbox-folder";
import type { TestServer } from "./test-server";

/** Staff accounts for tests: invited through the API, accepted through the page's form (as a browser without JavaScript would). */

export type StaffRole = "owner" | "administrator" | "editor" | "author" | "contributor";
/** Strong by zxcvbn's measure: every test member gets one. */
export const STAFF_PASSWORD = "violet tram quartz ledger 41";

/** The one-time token of the newest mail to `to` whose subject matches (links carry it in the fragment). */
export async function linkTokenFor(server: Pick<TestServer, "dataDir">, to: string, subject: RegExp, after = 0): Promise<string> {
  const mail = await waitFor(
    () =>
      outboxMessages(server.dataDir)
        .filter((m) => m.to.includes(to) && subject.test(m.subject))
        .slice(after)
        .at(-1),
    `mail to ${to} (${subject})`,
  );
  const token = mail.text.match(/#token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no link token in:\n${mail.text}`);
  return token;
}

/** Posts a page form (urlencoded) and gives the answer without following redirects. */
export function postForm(server: Pick<TestServer, "url">, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

export const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("clink_session="))
    ?.split(";")[0];

/** Invites `email` as `role` (as `inviter`), accepts through the e-mailed link and gives the new member's signed-in client. */
export async function inviteStaff(
  server: TestServer,
  inviter: Api,
  email: string,
  role: StaffRole,
  name = email.split("@")[0]!,
): Promise<Api & { id: number }> {
  const res = await inviter.call("POST", "/api/admin/invitations", { email, role });
  if (res.status !== 201) throw new Error(`inviting ${email} answered ${res.status}: ${await res.text()}`);
  const token = await linkTokenFor(server, email, /invited/);
  const accepted = await postForm(server, "/admin/accept-invitation", { token, name, password: STAFF_PASSWORD });
  const cookie = sessionCookieOf(accepted);
  if (accepted.status !== 302 || !cookie) throw new Error(`accepting ${email} answered ${accepted.status}: ${await accepted.text()}`);
  const api = publicApi(server, cookie);
  const me = await (await api.get("/api/admin/session")).json();
  return { ...api, id: me.admin.id };
}
