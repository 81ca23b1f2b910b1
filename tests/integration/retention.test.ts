import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { publicApi, type Api } from "../support/api";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * The retention job erases exactly what docs/privacy.md says, and nothing else: for each rule one row just
 * outside its limit (erased) and one just inside (kept), a day or an hour either side of the line.
 */
let server: TestServer;
let admin: Api;
const env = { SEED_DEMO: "false", TRUST_PROXY: "loopback" };
siteForSuite({ env }, (site) => ({ server, admin } = site));
// A server started again on the same folder (PGlite) is this file's to stop; the suite stops the first.
const restarted: TestServer[] = [];
afterAll(async () => {
  await restarted.at(-1)?.stop(); // the earlier ones were stopped to be started again
});

async function query<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  if (usingPostgres()) return queryTestDatabase<T>(server.databaseUrl!, sql);
  // The embedded database is the server's alone: stop it, use the folder, start it again on it.
  expect(await server.stop()).toBe(0);
  const db = await PGlite.create({ dataDir: path.join(server.dataDir, "pglite") });
  try {
    const results = await db.exec(sql);
    return (results.at(-1)?.rows ?? []) as T[];
  } finally {
    await db.close();
    server = await startTestServer({ dataDir: server.dataDir, env });
    restarted.push(server);
    // The same session (signing in again would clear expired sessions itself).
    admin = publicApi(server, admin.cookie);
  }
}

const seed = `
insert into contact_submissions (name, email, subject, message, is_resolved, resolved_at, created_at) values
  ('ret', 'ret-out@x.example', 'ret-resolved-out', 'm', true, now() - interval '18 months' - interval '1 day', now() - interval '3 years'),
  ('ret', 'ret-in@x.example', 'ret-resolved-in', 'm', true, now() - interval '18 months' + interval '1 day', now() - interval '3 years'),
  ('ret', 'ret-open@x.example', 'ret-open-old', 'm', false, null, now() - interval '5 years');
insert into mail_outbox (message_id, purpose, recipient, subject, text_body, html_body, sent_at, created_at) values
  ('ret-sent-out', 'ret', 'a@x.example', 's', 't', 'h', now() - interval '30 days' - interval '1 hour', now() - interval '31 days'),
  ('ret-sent-in', 'ret', 'a@x.example', 's', 't', 'h', now() - interval '30 days' + interval '1 hour', now() - interval '31 days'),
  ('ret-unsent', 'ret', 'a@x.example', 's', 't', 'h', null, now() - interval '60 days');
insert into crawler_visits (crawler, verified, path, status, visited_at) values
  ('Googlebot', true, '/ret-out', 200, now() - interval '90 days' - interval '1 hour'),
  ('Googlebot', true, '/ret-in', 200, now() - interval '90 days' + interval '1 hour');
insert into web_vitals (metric, value, page, recorded_at) values
  ('LCP', 1, '/ret-out', now() - interval '28 days' - interval '1 hour'),
  ('LCP', 1, '/ret-in', now() - interval '28 days' + interval '1 hour');
insert into analytics_daily (day, dimension, key, views, visitors) values
  ((now() - interval '25 months' - interval '1 day')::date, 'page', '/ret-out', 1, 1),
  ((now() - interval '25 months' + interval '1 day')::date, 'page', '/ret-in', 1, 1);
insert into analytics_visit_steps (day, visitor, at, path) values
  ((now() - interval '25 months' - interval '1 day')::date, 1, 0, '/ret-out'),
  ((now() - interval '25 months' + interval '1 day')::date, 2, 0, '/ret-in');
insert into analytics_funnels (id, name, steps) values (9001, 'ret', '[]');
insert into analytics_funnel_days (funnel_id, day, reached) values
  (9001, (now() - interval '25 months' - interval '1 day')::date, '{1}'),
  (9001, (now() - interval '25 months' + interval '1 day')::date, '{2}');
insert into analytics_brought_days (day, rows) values
  ((now() - interval '25 months' - interval '1 day')::date, '[["app-store","","","/ret-out","",1,1]]'),
  ((now() - interval '25 months' + interval '1 day')::date, '[["app-store","","","/ret-in","",1,1]]');
insert into analytics_salts (day, salt) values
  ((now() at time zone 'UTC')::date - 1, 'ret-out'),
  ((now() at time zone 'UTC')::date, 'ret-in');
insert into analytics_visitor_days (day, visitor, key) values
  ((now() at time zone 'UTC')::date - 1, 'ret-out', 'site	'),
  ((now() at time zone 'UTC')::date, 'ret-in', 'site	');
insert into admin_sessions (id_hash, admin_user_id, expires_at) values
  ('ret-out', (select min(id) from admin_users), now() - interval '1 minute'),
  ('ret-in', (select min(id) from admin_users), now() + interval '1 hour');
insert into rate_limits (key, points, expire) values
  ('ret-out', 1, now() - interval '1 minute'),
  ('ret-in', 1, now() + interval '1 hour');
insert into data_deletion_requests (first_name, email, phone, status, token_hash, token_expires_at, expired_at) values
  ('Ret', 'ret-expire-out@x.example', '0400000000', 'requested', 'ret-1', now() - interval '1 minute', null),
  ('Ret', 'ret-expire-in@x.example', '0400000000', 'requested', 'ret-2', now() + interval '1 hour', null),
  ('Ret', 'ret-erase-out@x.example', '0400000000', 'expired', 'ret-3', now() - interval '7 days' - interval '1 hour', now() - interval '7 days' - interval '1 hour'),
  ('Ret', 'ret-erase-in@x.example', '0400000000', 'expired', 'ret-4', now() - interval '7 days' + interval '1 hour', now() - interval '7 days' + interval '1 hour'),
  ('Ret', 'ret-verified@x.example', '0400000000', 'verified', 'ret-5', now() - interval '30 days', null);
insert into audience_subscribers (list, email, state, consent_page, consent_wording, consent_at) values
  ('blog', 'ret-unconfirmed-out@x.example', 'pending', '/blog', 'w', now() - interval '7 days' - interval '1 hour'),
  ('blog', 'ret-unconfirmed-in@x.example', 'pending', '/blog', 'w', now() - interval '7 days' + interval '1 hour'),
  ('waitlist', 'ret-confirmed-old@x.example', 'confirmed', '/', 'w', now() - interval '2 years');
insert into audience_broadcasts (subject, markdown, list, state, started_at, finished_at) values
  ('ret-out', 'm', 'waitlist', 'sent', now() - interval '91 days', now() - interval '90 days' - interval '1 hour'),
  ('ret-in', 'm', 'waitlist', 'sent', now() - interval '91 days', now() - interval '90 days' + interval '1 hour');
insert into audience_broadcast_deliveries (broadcast_id, subscriber_id, done_at)
  select b.id, s.id, now() from audience_broadcasts b, audience_subscribers s where b.subject like 'ret-%' and s.email = 'ret-confirmed-old@x.example';
insert into error_issues (fingerprint, kind, type, message, count, first_seen, last_seen, first_release, release) values
  ('ret-out', 'server', 'Error', 'ret-out', 1, now() - interval '40 days', now() - interval '30 days' - interval '1 hour', 'r', 'r'),
  ('ret-in', 'server', 'Error', 'ret-in', 2, now() - interval '40 days', now() - interval '30 days' + interval '1 hour', 'r', 'r');
insert into error_events (issue_id, occurred_at, page, release) values
  ((select id from error_issues where fingerprint = 'ret-in'), now() - interval '30 days' - interval '1 hour', '/ret-out', 'r'),
  ((select id from error_issues where fingerprint = 'ret-in'), now() - interval '30 days' + interval '1 hour', '/ret-in', 'r');
`;

const survivors = `
select json_build_object(
  'submissions', (select json_agg(subject order by subject) from contact_submissions where name = 'ret'),
  'mail', (select json_agg(message_id order by message_id) from mail_outbox where purpose = 'ret'),
  'crawlers', (select json_agg(path order by path) from crawler_visits where path like '/ret-%'),
  'vitals', (select json_agg(page order by page) from web_vitals where page like '/ret-%'),
  'analytics', (select json_agg(key order by key) from analytics_daily where key like '/ret-%'),
  'steps', (select json_agg(path order by path) from analytics_visit_steps where path like '/ret-%'),
  'funnelDays', (select json_agg(reached[1] order by day) from analytics_funnel_days where funnel_id = 9001),
  'broughtDays', (select json_agg(rows->0->>3 order by day) from analytics_brought_days where rows->0->>3 like '/ret-%'),
  'salts', (select json_agg(salt order by salt) from analytics_salts where salt like 'ret-%'),
  'visitors', (select json_agg(visitor order by visitor) from analytics_visitor_days where visitor like 'ret-%'),
  'sessions', (select json_agg(id_hash order by id_hash) from admin_sessions where id_hash like 'ret-%'),
  'limits', (select json_agg(key order by key) from rate_limits where key like 'ret-%'),
  'requests', (select json_agg(email || ':' || status order by email) from data_deletion_requests where token_hash like 'ret-%'),
  'subscribers', (select json_agg(email order by email) from audience_subscribers where email like 'ret-%'),
  'broadcastDeliveries', (select json_agg(b.subject order by b.subject) from audience_broadcast_deliveries d join audience_broadcasts b on b.id = d.broadcast_id where b.subject like 'ret-%'),
  'errorIssues', (select json_agg(fingerprint order by fingerprint) from error_issues where fingerprint like 'ret-%'),
  'errorEvents', (select json_agg(page order by page) from error_events where page like '/ret-%')
) as kept`;

describe("the retention job", () => {
  it("erases exactly the rows past each limit, and shows the run on the dashboard", async () => {
    await query(seed);
    // Delivered message files (no SMTP_URL): one written 31 days ago, one 29.
    const outbox = path.join(server.dataDir, "outbox");
    fs.mkdirSync(outbox, { recursive: true });
    for (const [name, days] of [
      ["ret-out", 31],
      ["ret-in", 29],
    ] as const) {
      const file = path.join(outbox, `${name}.eml`);
      fs.writeFileSync(file, "To: a@x.example\r\n\r\nretention\r\n");
      const at = new Date(Date.now() - days * 86_400_000);
      fs.utimesSync(file, at, at);
    }
    const run = await admin.call("POST", "/api/admin/retention-runs");
    expect(run.status).toBe(200);
    const { erased } = (await run.json()) as { erased: Record<string, number> };
    expect(erased).toEqual({
      resolvedSubmissions: 1,
      deliveredMail: 1,
      deliveredMailFiles: 1,
      crawlerVisits: 1,
      webVitals: 1,
      analyticsCounts: 1,
      analyticsVisitSteps: 1,
      analyticsSalts: 2,
      expiredSessions: 1,
      expiredRateLimits: 1,
      expiredDeletionRequests: 1,
      erasedDeletionRequests: 1,
      unconfirmedSubscribers: 1,
      broadcastDeliveries: 1,
      errorEvents: 1,
      errorIssues: 1,
    });

    const dashboard = await (await admin.get("/admin/system")).text();
    expect(dashboard.includes("Data retention"), "the System section's retention box").toBe(true);
    expect(dashboard.includes(": 17 records erased."), "the last run's total").toBe(true);

    expect(fs.readdirSync(outbox).filter((f) => f.startsWith("ret-"))).toEqual(["ret-in.eml"]);
    const [row] = await query<{ kept: Record<string, string[]> }>(survivors);
    expect(row!.kept).toEqual({
      submissions: ["ret-open-old", "ret-resolved-in"],
      mail: ["ret-sent-in", "ret-unsent"],
      crawlers: ["/ret-in"],
      vitals: ["/ret-in"],
      analytics: ["/ret-in"],
      steps: ["/ret-in"],
      funnelDays: [2],
      broughtDays: ["/ret-in"],
      salts: ["ret-in"],
      visitors: ["ret-in"],
      sessions: ["ret-in"],
      limits: ["ret-in"],
      requests: [
        "ret-erase-in@x.example:expired",
        "ret-expire-in@x.example:requested",
        "ret-expire-out@x.example:expired",
        "ret-verified@x.example:verified",
      ],
      subscribers: ["ret-confirmed-old@x.example", "ret-unconfirmed-in@x.example"],
      broadcastDeliveries: ["ret-in"],
      errorIssues: ["ret-in"],
      errorEvents: ["/ret-in"],
    });

    // Run again: nothing more is due.
    const again = (await (await admin.call("POST", "/api/admin/retention-runs")).json()) as { erased: Record<string, number> };
    expect(Object.values(again.erased).every((n) => n === 0)).toBe(true);
  });

  it("is for admins only", async () => {
    expect((await fetch(`${server.url}/api/admin/retention-runs`, { method: "POST" })).status).toBe(401);
  });
});
