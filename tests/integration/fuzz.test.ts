import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../support/raw-http";
import { startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";

/**
 * Property-based fuzzing at the HTTP boundary of every endpoint (issue 10): random and hostile
 * methods, paths, queries, bodies, content types, cookies and headers. The property: never a 5xx,
 * every API error is JSON {success: false, message}, and /healthz still answers afterwards.
 *
 * A fixed seed in CI; FUZZ_RUNS=<cases per endpoint> and FUZZ_SEED=<seed> to go further or replay.
 * A new endpoint is one line in ENDPOINTS.
 */
// 150 cases per endpoint on the embedded database, the same seed's first 50 on PostgreSQL, where the same
// parsing and checks meet a different store: at 300 and 100 this file was 322 + 95 s of a 936 s CI run on
// 2 cores, and the input handling it tries is database-blind. FUZZ_RUNS=1000 goes deeper by hand.
const RUNS = Number(process.env.FUZZ_RUNS ?? (usingPostgres() ? 50 : 150));
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

type Body = "json" | "form" | "multipart" | "none";
type Endpoint = {
  /** The path; ":id" is replaced by a fuzzed id. */
  path: string;
  /** The methods it is meant for (others are fuzzed too, less often). */
  methods: string[];
  body: Body;
  /** Field names worth filling (known names find deeper code than random ones). */
  fields?: string[];
  /** Query parameter names it reads. */
  query?: string[];
  /** Sends the admin's session cookie in most cases. */
  admin?: boolean;
  /** It ends the session it is sent: give it a throwaway session instead. */
  endsSession?: boolean;
};

const POST_FIELDS = [
  "title",
  "author",
  "excerpt",
  "content",
  "category",
  "tags",
  "image",
  "imageData",
  "imageMimeType",
  "imageOriginalName",
  "published",
  "createdAt",
  "updatedAt",
  "version",
];

const VENUE_FIELDS = [
  "name",
  "address",
  "city",
  "lat",
  "lng",
  "type",
  "rating",
  "priceLevel",
  "openUntil",
  "happyHour",
  "features",
  "phone",
  "website",
  "image",
  "upcomingEvents",
  "activeUsers",
  "hidden",
];

// prettier-ignore
const ENDPOINTS: Endpoint[] = [
  { path: "/", methods: ["GET"], body: "none" },
  { path: "/contact", methods: ["GET", "POST"], body: "form", fields: ["name", "email", "inquiryType", "subject", "message", "nickname"] },
  { path: "/advertise", methods: ["GET", "POST"], body: "form", fields: ["companyName", "contactName", "email", "phone", "website", "budget", "message", "nickname"] },
  { path: "/delete-my-data", methods: ["GET", "POST"], body: "form", fields: ["firstName", "email", "phone", "securityAnswer", "confirmDelete", "nickname"] },
  { path: "/delete-my-data/verify", methods: ["GET", "POST"], body: "form", fields: ["token"], query: ["token"] },
  { path: "/venue-map", methods: ["GET"], body: "none", query: ["city"] },
  { path: "/sitemap.xml", methods: ["GET"], body: "none" },
  { path: "/robots.txt", methods: ["GET"], body: "none" },
  { path: "/llms.txt", methods: ["GET"], body: "none" },
  { path: "/about.md", methods: ["GET"], body: "none" },
  { path: "/blog", methods: ["GET"], body: "none", query: ["q", "show", "category"] },
  { path: "/blog/:id", methods: ["GET"], body: "none" },
  { path: "/blog/rss.xml", methods: ["GET"], body: "none" },
  { path: "/search", methods: ["GET"], body: "none", query: ["q"] },
  { path: "/admin", methods: ["GET", "POST"], body: "form", fields: ["intent", "email", "password", "currentPassword", "newPassword", "redirectTo"], query: ["redirectTo"] },
  { path: "/ai-admin", methods: ["GET"], body: "none", admin: true },
  { path: "/api/admin/login", methods: ["POST"], body: "json", fields: ["email", "password"] },
  { path: "/api/admin/logout", methods: ["POST"], body: "json", admin: true, endsSession: true },
  { path: "/api/admin/session", methods: ["GET"], body: "none", admin: true },
  { path: "/api/contact", methods: ["POST"], body: "json", fields: ["name", "email", "subject", "message", "type", "company", "website"] },
  { path: "/api/admin/contact-submissions", methods: ["GET"], body: "none", admin: true, query: ["status"] },
  { path: "/api/admin/contact-submissions.csv", methods: ["GET"], body: "none", admin: true, query: ["status"] },
  { path: "/api/admin/contact-submissions/:id", methods: ["PATCH", "DELETE"], body: "json", admin: true, fields: ["resolved"] },
  { path: "/api/blog", methods: ["GET", "POST"], body: "json", admin: true, fields: POST_FIELDS },
  { path: "/api/blog/:id", methods: ["GET", "PUT", "DELETE"], body: "json", admin: true, fields: POST_FIELDS },
  { path: "/api/admin/posts/:id/autosave", methods: ["GET", "PUT", "DELETE"], body: "json", admin: true, fields: ["title", "content", "excerpt", "version"] },
  { path: "/api/blog/:id/image", methods: ["GET"], body: "none", query: ["w", "v"] },
  { path: "/content/images/size/w:id/format/webp/posts/1/AAAAAAAAAAAAAAAAAAAA.png", methods: ["GET"], body: "none" },
  { path: "/api/upload", methods: ["POST"], body: "multipart", admin: true, fields: ["image"] },
  { path: "/api/admin/import", methods: ["POST"], body: "multipart", admin: true, fields: ["file"] },
  { path: "/api/admin/export", methods: ["GET"], body: "none", admin: true, query: ["revisions"] },
  { path: "/api/data-deletion-requests", methods: ["POST"], body: "json", fields: ["firstName", "email", "phone", "captchaVerified", "confirmDelete", "nickname"] },
  { path: "/api/admin/data-deletion-requests/:id", methods: ["PATCH"], body: "json", admin: true, fields: ["status"] },
  { path: "/api/admin/suppressions", methods: ["GET", "POST"], body: "json", admin: true, fields: ["email"] },
  { path: "/api/admin/suppressions/:id", methods: ["DELETE"], body: "none", admin: true },
  { path: "/api/mail/events/postmark", methods: ["POST"], body: "json", fields: ["RecordType", "Type", "Email", "ID"] },
  { path: "/api/mail/events/ses", methods: ["POST"], body: "json", fields: ["Type", "TopicArn", "Message", "Signature", "SigningCertURL"] },
  { path: "/api/venues", methods: ["GET"], body: "none", query: ["city"] },
  { path: "/api/weather", methods: ["GET"], body: "none", query: ["city"] },
  { path: "/api/admin/venues", methods: ["GET", "POST"], body: "json", admin: true, fields: VENUE_FIELDS },
  { path: "/api/admin/venues/:id", methods: ["PUT"], body: "json", admin: true, fields: VENUE_FIELDS },
  { path: "/api/admin/redirects", methods: ["GET", "POST"], body: "json", admin: true, fields: ["from", "to", "status"] },
  { path: "/api/admin/redirects/:id", methods: ["DELETE"], body: "none", admin: true },
  { path: "/api/admin/redirects/import", methods: ["POST"], body: "json", admin: true, fields: ["format", "content"] },
  { path: "/api/admin/posts", methods: ["GET"], body: "none", admin: true, query: ["page", "q", "sort", "status"] },
  { path: "/api/crawler-stats", methods: ["GET"], body: "none", admin: true },
  { path: "/api/ai-indexing-status", methods: ["GET"], body: "none", admin: true },
  { path: "/api/submit-sitemap", methods: ["POST"], body: "json", admin: true },
  { path: "/api/vitals", methods: ["POST"], body: "json", fields: ["page", "metrics"] },
  { path: "/api/errors", methods: ["POST"], body: "json", fields: ["type", "message", "stack", "page", "seq"] },
  { path: "/api/admin/errors", methods: ["GET"], body: "none", admin: true },
  { path: "/api/admin/errors/:id", methods: ["PATCH"], body: "json", admin: true, fields: ["resolved"] },
  { path: "/api/tag-suggestions", methods: ["POST"], body: "json", admin: true, fields: ["title", "content", "excerpt", "category"] },
  { path: "/api/no-such-endpoint", methods: ["GET", "POST"], body: "json" },
];

// ---- arbitraries ------------------------------------------------------------------------------

const HOSTILE = [
  "\u0000",
  "\ud800",
  "\udc00",
  "\ud83c",
  "🍺",
  "é",
  "\r\n",
  "\t",
  "%",
  "%00",
  "%E0%A4%A",
  "%ZZ",
  "__proto__",
  "constructor",
  "prototype",
  "<script>alert(1)</script>",
  "'; drop table blog_posts; --",
  "../../etc/passwd",
  "\\",
  "//evil.example",
  "0000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "NaN",
  "-1",
  "1e308",
  "true",
  "null",
  "{}",
  "[]",
];
const text = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 20 }), fc.string({ unit: "binary", maxLength: 10 })), {
        maxLength: 6,
      })
      .map((parts) => parts.join("")),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "admin@test.clink.app",
      "tips",
      "events",
      "a@b.co",
      "/blog",
      "login",
      "logout",
      "change-password",
      "all",
      "resolved",
      "400",
      "1200",
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200_000 }).map((n) => "x".repeat(n)) },
);
const leaf = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(text, tie("value"), { maxKeys: 4 }),
  ),
})).value;
const objectFor = (fields: string[]) =>
  fc.dictionary(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(fields.length ? fields : ["x"])) }, { weight: 1, arbitrary: text }),
    value,
    { maxKeys: 8 },
  );

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "CONNECT_X"];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "multipart/form-data",
  "application/xml",
  "",
];
const percentEncode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[^\w-]/g, "%ED%A0%80"); // a lone surrogate: what a broken client sends
  }
};
// Kept under Node's 16 KB header limit (past it Node answers 431 before any route, tested in hardening.test.ts).
const rawQueryPart = fc.oneof(
  text.map((s) => percentEncode(s.slice(0, 1500))),
  fc.constantFrom("%", "%E0%A4%A", "%00", "%ZZ", "a+b", "%2F%2Fevil.example", "/%09/evil.example"),
);
const id = fc.oneof(
  fc.nat({ max: 12 }).map(String),
  fc.constantFrom("0", "-1", "1.5", "abc", "99999999999999999999", "%00", "%E0%A4%A", "1%20OR%201=1", "%2E%2E"),
);

type Case = {
  method: string;
  id: string;
  query: [string, string][];
  body: unknown;
  contentType: string;
  cookie: "admin" | "none" | string;
  extraHeaders: Record<string, string>;
};

function caseFor(endpoint: Endpoint): fc.Arbitrary<Case> {
  return fc.record({
    method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...endpoint.methods) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    id,
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(endpoint.query ?? ["q"])), rawQueryPart), rawQueryPart), { maxLength: 3 }),
    body: fc.oneof({ weight: 4, arbitrary: objectFor(endpoint.fields ?? []) }, { weight: 1, arbitrary: value }),
    contentType: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constant(
          endpoint.body === "form"
            ? "application/x-www-form-urlencoded"
            : endpoint.body === "multipart"
              ? "multipart/form-data; boundary=fuzz"
              : "application/json",
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    cookie: fc.oneof(
      { weight: endpoint.admin ? 4 : 1, arbitrary: fc.constant("admin" as const) },
      { weight: 1, arbitrary: fc.constant("none" as const) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom("clink_session", "clink_device", "clink_admin_flash", "x"), rawQueryPart)
          .map(([k, v]) => `${k}=${v}`),
      },
    ),
    extraHeaders: fc.record(
      {
        accept: fc.constantFrom("application/json", "text/html", "*/*", "text/x-component"),
        "accept-encoding": fc.constantFrom("gzip", "br", "identity", "gzip;q=0, x"),
        "if-none-match": fc.constantFrom("*", '"x"', 'W/"1"'),
        range: fc.constantFrom("bytes=0-1", "bytes=99999999-", "x"),
        "x-request-id": text.map((s) => s.replace(/[^\x20-\x7e]/g, "").slice(0, 200)),
        origin: fc.constantFrom("http://localhost:3000", "https://evil.example", "null"),
      },
      { requiredKeys: [] },
    ),
  });
}

function encodeBody(c: Case): string | undefined {
  if (["GET", "HEAD"].includes(c.method)) return undefined;
  if (c.contentType.startsWith("application/x-www-form-urlencoded")) {
    const fields = c.body && typeof c.body === "object" && !Array.isArray(c.body) ? Object.entries(c.body as object) : [["value", c.body]];
    return fields
      .map(([k, v]) => `${percentEncode(String(k))}=${percentEncode(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`)
      .join("&");
  }
  if (c.contentType.startsWith("multipart/form-data")) {
    const fields = c.body && typeof c.body === "object" && !Array.isArray(c.body) ? Object.entries(c.body as object) : [["image", c.body]];
    return (
      fields
        .map(
          ([k, v]) =>
            `--fuzz\r\nContent-Disposition: form-data; name="${String(k).replace(/["\r\n]/g, "")}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n${typeof v === "string" ? v : JSON.stringify(v)}\r\n`,
        )
        .join("") + "--fuzz--\r\n"
    );
  }
  return JSON.stringify(c.body) ?? "";
}

// ---- the suite --------------------------------------------------------------------------------

let server: TestServer;
let device = "";
let session = "";

async function signIn(): Promise<string> {
  const res = await rawRequest(server.url, {
    method: "POST",
    path: "/api/admin/login",
    headers: { "content-type": "application/json", ...(device ? { cookie: device } : {}) },
    body: JSON.stringify(TEST_ADMIN),
  });
  expect(res.status, res.body).toBe(200);
  const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);
  device = cookies.find((c) => c.startsWith("clink_device=")) ?? device;
  return cookies.find((c) => c.startsWith("clink_session="))!;
}

beforeAll(async () => {
  // IndexNow at a closed local port: a submission fails at once instead of waiting on the outside world.
  server = await startTestServer({ env: { INDEXNOW_ENDPOINT: "http://127.0.0.1:9/indexnow" } });
  session = await signIn();
});
afterAll(async () => {
  await server?.stop();
});

function checkAnswer(c: Case, path: string, res: RawResponse) {
  const where = `${c.method} ${path.slice(0, 200)} -> ${res.status} ${res.body.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  const isApi = path.startsWith("/api/");
  if (isApi && res.status >= 400 && c.method !== "HEAD") {
    expect(String(res.headers["content-type"]), where).toMatch(/application\/json/);
    const body = JSON.parse(res.body) as { success?: unknown; message?: unknown };
    expect(body.success, where).toBe(false);
    expect(typeof body.message, where).toBe("string");
  }
}

describe("fuzzing every endpoint at the HTTP boundary", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.methods.join("/")} ${endpoint.path}: never a 5xx, API errors as JSON, /healthz still answers`, async () => {
      let count = 0;
      const property = fc.asyncProperty(caseFor(endpoint), async (c) => {
        count++;
        const query = c.query.map(([k, v]) => `${k}=${v}`).join("&");
        const path = endpoint.path.replace(":id", c.id) + (query ? `?${query}` : "");
        let cookie = c.cookie === "none" ? undefined : c.cookie === "admin" ? session : c.cookie;
        if (endpoint.endsSession && c.cookie === "admin") cookie = await signIn();
        const body = encodeBody(c);
        let res: RawResponse;
        try {
          res = await rawRequest(server.url, {
            method: c.method === "CONNECT_X" ? "MKCOL" : c.method,
            path,
            headers: { ...c.extraHeaders, ...(body !== undefined ? { "content-type": c.contentType } : {}), ...(cookie ? { cookie } : {}) },
            body,
          });
        } catch (error) {
          // A body far past the limits is refused (413) before it is read, and the server may close the
          // connection while the client is still writing it: the client sees EPIPE or a reset, not an answer.
          // That is a refusal, not a fault, as long as the server goes on answering.
          const code = (error as NodeJS.ErrnoException).code;
          const large = body !== undefined && Buffer.byteLength(body) > 256 * 1024;
          if (!large || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
          expect((await rawRequest(server.url, { path: "/healthz" })).status).toBe(200);
          return;
        }
        checkAnswer(c, path, res);
        // A fuzzed change of password or sign-out must not leave later cases signed out.
        if (c.cookie === "admin" && (res.status === 401 || (path.startsWith("/admin") && res.status === 302))) session = await signIn();
      });
      // A sign-out's admin cases each sign in again (a 32 MiB scrypt): fewer of them keep the run short.
      const runs = endpoint.endsSession ? Math.min(RUNS, 60) : RUNS;
      try {
        await fc.assert(property, { numRuns: runs, seed: SEED, endOnFailure: true });
      } catch (error) {
        // The seed and path let anyone replay this exact case: FUZZ_SEED=<seed> and the same FUZZ_RUNS.
        const cause = (error as Error & { cause?: Error }).cause;
        throw new Error(
          `fuzz failure on ${endpoint.path} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${(error as Error).message}\n${cause?.message ?? ""}`,
          { cause: error },
        );
      }
      const health = await rawRequest(server.url, { path: "/healthz" });
      expect(health.status).toBe(200);
      expect(count).toBe(runs);
    }, 600_000);
  }
});
