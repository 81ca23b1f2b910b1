import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost, type Api, type CreatedPost } from "../support/api";
import { eventually } from "../support/eventually";
import { freePort } from "../support/free-port";
import { createTestDatabase, makeTempDir, ROOT, startTestServer, usingPostgres, type TestServer } from "../support/test-server";

/**
 * deploy/varnish/ run here (issue 52): Debian's varnishd, started with the unit's own command line
 * (varnish.service's ExecStart; only the machine's particulars differ) and the recipe's VCL, in front of
 * two instances on one PostgreSQL (one instance on PGlite). A post edited through the admin API is served
 * new through Varnish within 2 s from either instance, an unrelated page stays a hit, nothing signed in or
 * under /admin is kept, and with the instances stopped the pages Varnish holds are still answered.
 */
const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const hasXkey = () => spawnSync("sh", ["-c", "ls /usr/lib/*/varnish/vmods/libvmod_xkey.so"]).status === 0;
const instanceCount = usingPostgres() ? 2 : 1;

describe.skipIf(!has("varnishd") || !hasXkey())(
  `Varnish with deploy/varnish/ in front of ${instanceCount} instance(s)`,
  { timeout: 300_000 },
  () => {
    const dir = makeTempDir("varnish");
    const instances: TestServer[] = [];
    let varnish: ChildProcess | undefined;
    let varnishOutput = "";
    let base = "";
    let admin: Api;
    let post: CreatedPost;

    const get = (pathname: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${pathname}`, { headers: { "accept-encoding": "gzip", ...headers } });

    beforeAll(async () => {
      const varnishPort = await freePort();
      const databaseUrl = usingPostgres() ? await createTestDatabase() : undefined;
      const env = {
        SEED_DEMO: "false",
        CDN_PURGE: "varnish",
        VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
        TRUST_PROXY: "loopback",
      };
      // One after the other: the first migrates the new database.
      for (let i = 0; i < instanceCount; i++) instances.push(await startTestServer({ databaseUrl, env }));
      const ports = instances.map((server) => server.port);

      const vcl = fs
        .readFileSync(path.join(ROOT, "deploy/varnish/clink.vcl"), "utf8")
        .replace('.port = "3001"', `.port = "${ports[0]}"`)
        .replace('.port = "3002"', `.port = "${ports[1] ?? ports[0]}"`);
      expect(vcl).toContain(`.port = "${ports.at(-1)}"`);
      fs.writeFileSync(`${dir}/clink.vcl`, vcl);
      // The unit's command line, with this machine's port, VCL and working folder, and no jail (the test's folder is its own).
      const unit = fs.readFileSync(path.join(ROOT, "deploy/varnish/varnish.service"), "utf8");
      const execStart = unit.match(/^ExecStart=(.*)$/m)![1]!.split(/\s+/);
      const args = execStart.slice(1);
      const swap = (flag: string, value: string) => {
        const at = args.indexOf(flag);
        expect(at, flag).toBeGreaterThanOrEqual(0);
        args[at + 1] = value;
      };
      swap("-a", `127.0.0.1:${varnishPort}`);
      swap("-f", `${dir}/clink.vcl`);
      swap("-n", `${dir}/work`);
      swap("-s", "malloc,64m");
      swap("-j", "none");
      varnish = spawn(execStart[0]!, args, { stdio: ["ignore", "pipe", "pipe"] });
      varnish.stdout!.on("data", (chunk: Buffer) => (varnishOutput += chunk.toString()));
      varnish.stderr!.on("data", (chunk: Buffer) => (varnishOutput += chunk.toString()));
      base = `http://127.0.0.1:${varnishPort}`;
      await eventually(async () => {
        if (varnish!.exitCode !== null) throw new Error(`varnishd exited: ${varnishOutput}`);
        return (await get("/healthz").catch(() => null))?.status === 200;
      }, 60_000);
      // Both backends healthy by the probe before the first page.
      await eventually(
        async () =>
          spawnSync("varnishadm", ["-n", `${dir}/work`, "backend.list"], { encoding: "utf8" })
            .stdout.split("\n")
            .filter((l) => /healthy/i.test(l)).length >= 2,
        60_000,
      );

      admin = await adminApi(instances[0]!);
      post = await createPost(admin, { title: "Varnish original title", content: "The original text, kept by Varnish." });
    });

    afterAll(async () => {
      varnish?.kill("SIGTERM");
      for (const server of instances) if (server.child.exitCode === null) await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    async function hit(pathname: string): Promise<Response> {
      let answer = await get(pathname);
      await eventually(async () => {
        answer = await get(pathname);
        return answer.headers.get("x-cache") === "HIT";
      });
      return answer;
    }

    it("keeps public pages, keyed by the compression, and never keeps the admin, the API or a signed-in request", async () => {
      const page = await hit(`/blog/${post.slug}`);
      expect(await page.text()).toContain("The original text");
      expect(page.headers.get("content-encoding")).toBe("gzip");
      expect(page.headers.get("surrogate-key")).toContain(`post-${post.id}`);
      expect(page.headers.get("xkey")).toBeNull();
      // Brotli is its own entry (a miss first), plain text another.
      expect((await get(`/blog/${post.slug}`, { "accept-encoding": "br" })).headers.get("x-cache")).toBe("MISS");
      const br = await hit(`/blog/${post.slug}`.replace(/$/, ""));
      expect(br.status).toBe(200);
      for (const pathname of ["/admin", "/api/blog", "/api/admin/session"]) {
        await get(pathname);
        expect((await get(pathname)).headers.get("x-cache"), pathname).toBe("MISS");
      }
      for (let i = 0; i < 2; i++) expect((await get("/about", { cookie: admin.cookie! })).headers.get("x-cache")).toBe("MISS");
      expect((await get("/about", { cookie: admin.cookie! })).headers.get("cache-control")).toMatch(/private/);
    });

    it("serves an edit through the admin API within 2 s from every instance, while an unrelated page stays a hit", async () => {
      await hit(`/blog/${post.slug}`);
      await hit("/about");
      const edited = await admin.call("PUT", `/api/blog/${post.id}`, {
        title: "Varnish edited title",
        author: "Alex Writer",
        excerpt: "E",
        content: "The edited text, purged into Varnish.",
        category: "tips",
        published: true,
      });
      expect(edited.status).toBe(200);
      await eventually(async () => (await (await get(`/blog/${post.slug}`)).text()).includes("The edited text"), 2_000);
      // Every instance behind it answers the new text (round robin: as many fresh fetches as instances).
      for (let i = 0; i < instanceCount; i++) {
        const fresh = await fetch(`${instances[i]!.url}/blog/${post.slug}`);
        expect(await fresh.text(), `instance ${i}`).toContain("The edited text");
      }
      for (let i = 0; i < 3; i++) expect(await (await get(`/blog/${post.slug}`)).text()).toContain("The edited text");
      expect((await get("/about")).headers.get("x-cache")).toBe("HIT");
    });

    it("answers the pages it holds with 200 when every instance is stopped", async () => {
      const held = ["/about", `/blog/${post.slug}`];
      for (const pathname of held) await hit(pathname);
      for (const server of instances) await server.stop();
      // The probe marks them sick; the held pages are still answered, a page never fetched is not.
      await eventually(
        async () => /sick/i.test(spawnSync("varnishadm", ["-n", `${dir}/work`, "backend.list"], { encoding: "utf8" }).stdout),
        30_000,
      );
      for (const pathname of held) {
        const answer = await get(pathname);
        expect(answer.status, pathname).toBe(200);
        expect(await answer.text(), pathname).toMatch(pathname === "/about" ? /Clink/ : /The edited text/);
      }
      expect((await get("/faq")).status).toBeGreaterThanOrEqual(500);
    });
  },
);
