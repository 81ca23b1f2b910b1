import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/eventually";
import { createTestDatabase, makeTempDir, ROOT, startTestServer, TEST_ADMIN, usingPostgres, type TestServer } from "../support/test-server";
import { freePort } from "../support/free-port";

/**
 * The production topology of deploy/ (issue 22), run here: Debian's nginx with deploy/nginx.conf (TLS,
 * HTTP/2, proxy_cache) in front of two instances sharing one PostgreSQL. It shows the visitor's address
 * reaching the rate limits through TRUST_PROXY, HSTS and Secure cookies on https, shared pages kept by nginx
 * and refreshed when a post is published, a session working on both instances, and a rolling restart of
 * both instances losing no request. PostgreSQL only: several instances need a shared database.
 */
const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const HOST = "clink.example";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

let tlsPort = 0;
let plainPort = 0;
// One connection per request from the address given (127.0.0.x: Linux answers the whole block on loopback).
function viaNginx(
  pathname: string,
  options: { method?: string; from?: string; headers?: Record<string, string>; body?: unknown; agent?: https.Agent } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: tlsPort,
        servername: HOST,
        rejectUnauthorized: false, // the test's own self-signed certificate
        method: options.method ?? "GET",
        path: pathname,
        localAddress: options.from ?? "127.0.0.1",
        agent: options.agent ?? false,
        headers: {
          host: HOST,
          "accept-encoding": "gzip",
          ...(body ? { "content-type": "application/json", origin: `https://${HOST}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("latin1") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const gunzipText = async (answer: Answer) =>
  answer.headers["content-encoding"] === "gzip"
    ? (await import("node:zlib")).gunzipSync(Buffer.from(answer.body, "latin1")).toString("utf8")
    : answer.body;

describe.skipIf(!usingPostgres() || !has("nginx") || !has("openssl"))(
  "nginx in front of two instances on one PostgreSQL",
  { timeout: 300_000 },
  () => {
    const dir = makeTempDir("topology");
    const instances: TestServer[] = [];
    let nginx: ChildProcess | undefined;
    let databaseUrl = "";
    const ports: number[] = [];
    const dataDirs: string[] = [];
    const instanceEnv = () => ({ SITE_URL: `https://${HOST}`, TRUST_PROXY: "127.0.0.1" });

    /** Whether nginx has sent this instance a /healthz yet (its own /metrics scrapes, counted in the same class, aside). */
    const scrapes = new Map<TestServer, number>();
    async function requestsFromNginx(server: TestServer): Promise<boolean> {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const previous = scrapes.get(server) ?? 0;
      scrapes.set(server, previous + 1);
      const operations = [...text.matchAll(/^clink_http_requests_total\{route_class="operations",[^}]*\} (\d+)$/gm)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
      return operations > previous;
    }

    async function startInstance(i: number): Promise<TestServer> {
      const server = await startTestServer({ databaseUrl, dataDir: dataDirs[i], env: { ...instanceEnv(), PORT: String(ports[i]) } });
      instances[i] = server;
      return server;
    }

    beforeAll(async () => {
      databaseUrl = await createTestDatabase();
      for (let i = 0; i < 2; i++) {
        ports.push(await freePort());
        dataDirs.push(makeTempDir(`instance-${i}`));
      }
      // One after the other: the first migrates the new database.
      await startInstance(0);
      await startInstance(1);

      [tlsPort, plainPort] = [await freePort(), await freePort()];
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          "-subj",
          `/CN=${HOST}`,
          "-keyout",
          `${dir}/key.pem`,
          "-out",
          `${dir}/cert.pem`,
        ],
        { stdio: "ignore" },
      );
      // deploy/nginx.conf as shipped; only the machine's particulars (ports, certificate, folders) differ.
      const site = fs
        .readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8")
        .replace("/etc/letsencrypt/live/clink.example/fullchain.pem", `${dir}/cert.pem`)
        .replace("/etc/letsencrypt/live/clink.example/privkey.pem", `${dir}/key.pem`)
        .replace("/var/cache/nginx/clink", `${dir}/cache`)
        .replace("127.0.0.1:3001", `127.0.0.1:${ports[0]}`)
        .replace("127.0.0.1:3002", `127.0.0.1:${ports[1]}`)
        .replace(/listen \[::\]:(80|443)[^;]*;\n/g, "")
        .replace(/listen (80|443)/g, (_m, port) => `listen 127.0.0.1:${port === "80" ? plainPort : tlsPort}`);
      expect(site).toContain(`server 127.0.0.1:${ports[1]}`);
      fs.writeFileSync(`${dir}/site.conf`, site);
      const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `${kind}_temp_path ${dir}/tmp-${kind};`).join(" ");
      const user = process.getuid?.() === 0 ? "user root;" : "";
      fs.writeFileSync(
        `${dir}/nginx.conf`,
        `${user} daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn; events {} http { access_log off; ${temp} include ${dir}/site.conf; }`,
      );
      nginx = spawn("nginx", ["-p", dir, "-c", `${dir}/nginx.conf`], { stdio: "ignore" });
      await waitFor(async () => (await viaNginx("/healthz").catch(() => null))?.status === 200 || undefined, "nginx to answer");
    });

    afterAll(async () => {
      nginx?.kill("SIGTERM");
      for (const server of instances) await server?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
    });

    it("sends http to https, and answers https with HSTS and Secure session cookies", async () => {
      const plain = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
        const request = http.get({ host: "127.0.0.1", port: plainPort, path: "/about", headers: { host: HOST } }, (r) => {
          r.resume();
          resolve({ status: r.statusCode ?? 0, location: r.headers.location });
        });
        request.on("error", reject);
      });
      expect(plain).toEqual({ status: 301, location: `https://${HOST}/about` });

      const page = await viaNginx("/about");
      expect(page.status).toBe(200);
      expect(page.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);

      const login = await viaNginx("/api/admin/login", {
        method: "POST",
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      expect(login.status).toBe(200);
      const cookie = [login.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("clink_session="));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
    });

    it("keeps a session on both instances: signed in through one, recognised by the other", async () => {
      const login = await viaNginx("/api/admin/login", {
        method: "POST",
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      const cookie = [login.headers["set-cookie"] ?? []]
        .flat()
        .find((c) => c.startsWith("clink_session="))!
        .split(";")[0]!;
      for (const server of instances) {
        const answer = await fetch(`${server.url}/api/admin/session`, { headers: { cookie, accept: "application/json" } });
        expect(answer.status, `instance on ${server.port}`).toBe(200);
        expect(((await answer.json()) as { admin?: { email?: string } }).admin?.email).toBe(TEST_ADMIN.email);
      }
    });

    it("limits by the visitor's address, which nginx passes on and a forged header cannot change", async () => {
      const form = {
        name: "Topology Test",
        email: "visitor@example.com",
        subject: "A question",
        message: "Could we host a meetup at your venue?",
        inquiryType: "press",
      };
      // A form without a proof of work: three an hour per visitor, counted in PostgreSQL across both instances.
      for (let i = 0; i < 3; i++)
        expect((await viaNginx("/api/contact", { method: "POST", from: "127.0.0.2", body: form })).status).toBe(201);
      expect((await viaNginx("/api/contact", { method: "POST", from: "127.0.0.2", body: form })).status).toBe(429);
      // A forged X-Forwarded-For from the same visitor changes nothing: nginx appends the address it saw.
      expect(
        (await viaNginx("/api/contact", { method: "POST", from: "127.0.0.2", body: form, headers: { "x-forwarded-for": "198.51.100.7" } }))
          .status,
      ).toBe(429);
      // Another visitor is not limited by the first one's use.
      expect((await viaNginx("/api/contact", { method: "POST", from: "127.0.0.3", body: form })).status).toBe(201);
    });

    it("serves shared pages from nginx's cache and shows a published post at once", async () => {
      await waitFor(
        async () => ((await viaNginx("/blog")).headers["x-proxy-cache"] === "HIT" ? true : undefined),
        "/blog to be served from nginx's cache",
      );
      // Signed-in visitors are never served the shared copy.
      const login = await viaNginx("/api/admin/login", {
        method: "POST",
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      const cookie = [login.headers["set-cookie"] ?? []]
        .flat()
        .find((c) => c.startsWith("clink_session="))!
        .split(";")[0]!;
      expect((await viaNginx("/blog", { headers: { cookie } })).headers["x-proxy-cache"]).toBe("BYPASS");

      const title = `Published behind nginx ${Date.now()}`;
      const created = await viaNginx("/api/blog", {
        method: "POST",
        headers: { cookie },
        body: {
          title,
          author: "Topology",
          excerpt: "Seen through the proxy.",
          content: "Body of the post.",
          category: "tips",
          published: true,
        },
      });
      expect(created.status).toBe(201);
      // nginx keeps a shared page a second (X-Accel-Expires) and then revalidates it (ETag): the new post
      // shows within seconds, not after the minute CDNs may keep it (s-maxage=60). The second is the site's
      // word to nginx, read from the origin; how soon the post shows on a loaded machine is not timed here.
      expect((await fetch(`${instances[0]!.url}/blog`)).headers.get("x-accel-expires")).toBe("1");
      await waitFor(
        async () => ((await gunzipText(await viaNginx("/blog"))).includes(title) ? true : undefined),
        "the new post on /blog through nginx",
      );
      await waitFor(async () => {
        const answer = await viaNginx("/blog");
        return ["HIT", "REVALIDATED"].includes(String(answer.headers["x-proxy-cache"])) && (await gunzipText(answer)).includes(title)
          ? true
          : undefined;
      }, "the refreshed /blog to be served from the cache");
    });

    it("loses no request while each instance in turn is restarted", async () => {
      const agent = new https.Agent({ keepAlive: true, maxSockets: 4 });
      const outcomes: Array<number | string> = [];
      let running = true;
      const paths = ["/healthz", "/blog", "/", "/api/blog?limit=5", "/about"];
      const worker = async (n: number) => {
        for (let i = n; running; i++) {
          const answer = await viaNginx(paths[i % paths.length]!, { agent }).catch((error: Error) => error.message);
          outcomes.push(typeof answer === "string" ? answer : answer.status);
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      for (const i of [0, 1]) {
        const before = outcomes.length;
        await waitFor(async () => (outcomes.length > before + 20 ? true : undefined), "traffic before the restart");
        await instances[i]!.stop();
        const during = outcomes.length;
        await waitFor(async () => (outcomes.length > during + 20 ? true : undefined), "traffic while one instance is down");
        const restarted = await startInstance(i);
        // As the README's rolling restart says: the next instance goes down only once nginx sends this one
        // requests again (it retries a failed server after fail_timeout), or nginx would have none live.
        await waitFor(
          async () => ((await requestsFromNginx(restarted)) ? true : undefined),
          "nginx to send the restarted instance requests",
        );
      }
      running = false;
      await Promise.all(workers);
      agent.destroy();
      expect(outcomes.length).toBeGreaterThan(120);
      expect(outcomes.filter((o) => o !== 200)).toEqual([]);
    });
  },
);
