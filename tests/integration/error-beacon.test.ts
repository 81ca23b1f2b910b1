import fs from "node:fs";
import path from "node:path";
import { eachMapping, TraceMap } from "@jridgewell/trace-mapping";
import { describe, expect, it } from "vitest";
import { type Api } from "../support/api";
import { eventually } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import { type TestServer } from "../support/test-server";

/**
 * POST /api/errors (issue 53): a browser's error is grouped like the server's, its frames of our bundles
 * mapped to app/ sources; a hundred more of the same raise the count, not the list; too big (413), too many
 * (429), cross-site (403) and bad fields (400) are refused; no cookie is set; no query string is kept.
 */
const env = { SEED_DEMO: "false", TRUST_PROXY: "loopback" };
let server: TestServer;
let admin: Api;
siteForSuite({ env }, (site) => ({ server, admin } = site));

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const send = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/errors`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, "x-forwarded-for": "203.0.113.9", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
type Item = {
  id: number;
  message: string;
  count: number;
  kind: string;
  sampleStack: string;
  pages: Record<string, number>;
  browsers: Record<string, number>;
};
const items = async (): Promise<Item[]> => ((await (await admin.get("/api/admin/errors")).json()) as { items: Item[] }).items;

/** A real frame of a built client file that its hidden map traces to a file under app/. */
function builtFrame(): { file: string; line: number; column: number; source: string; sourceLine: number } {
  const assets = path.join(process.cwd(), "build/client/assets");
  for (const name of fs.readdirSync(assets).filter((f) => f.endsWith(".js.map"))) {
    const map = new TraceMap(fs.readFileSync(path.join(assets, name), "utf8"));
    let found: ReturnType<typeof builtFrame> | undefined;
    eachMapping(map, (m) => {
      if (!found && m.source?.includes("app/routes/") && m.originalLine !== null) {
        found = {
          file: name.replace(/\.map$/, ""),
          line: m.generatedLine,
          column: m.generatedColumn + 1,
          source: m.source.replace(/^.*?(app\/)/, "$1"),
          sourceLine: m.originalLine,
        };
      }
    });
    if (found) return found;
  }
  throw new Error("no mapped frame under app/routes in the build");
}

describe("the browser's error beacon", () => {
  it("groups a browser's error with its frame mapped to our source, and counts a hundred more of it", async () => {
    const frame = builtFrame();
    const error = {
      type: "TypeError",
      message: "Cannot read properties of undefined (reading 'post 42')",
      stack: `TypeError: Cannot read properties of undefined\n    at render (${server.url}/assets/${frame.file}:${frame.line}:${frame.column})`,
      page: "/blog/some-post?email=someone@example.com#top",
    };
    const answer = await send(error, { origin: server.url, "sec-fetch-site": "same-origin" });
    expect(answer.status).toBe(202);
    expect(answer.headers.get("set-cookie")).toBeNull();
    let issue: Item | undefined;
    await eventually(async () => (issue = (await items()).find((i) => i.kind === "browser")) !== undefined);
    expect(issue!.sampleStack).toContain(`${frame.source}:${frame.sourceLine}:`);
    expect(issue!.sampleStack).not.toContain("/assets/");
    expect(issue!.pages).toEqual({ "/blog/some-post": 1 });
    expect(issue!.browsers).toEqual({ Chrome: 1 });

    // A hundred more, from a hundred visitors, another id in the message each time: one issue, counted.
    for (let n = 0; n < 100; n++) {
      const more = await send(
        { ...error, message: `Cannot read properties of undefined (reading 'post ${n}')` },
        { "x-forwarded-for": `198.51.100.${n + 1}` },
      );
      expect(more.status).toBe(202);
    }
    await eventually(async () => (await items()).find((i) => i.id === issue!.id)?.count === 101);
    expect((await items()).filter((i) => i.kind === "browser")).toHaveLength(1);
  });

  it("counts the same error from one address three times an hour, and refuses more than 30 a minute", async () => {
    const error = { message: "loop error", page: "/" };
    for (let n = 0; n < 30; n++) expect((await send(error, { "x-forwarded-for": "192.0.2.50" })).status).toBe(202);
    const refused = await send(error, { "x-forwarded-for": "192.0.2.50" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    await eventually(async () => (await items()).find((i) => i.message === "loop error")?.count === 3);
  });

  it("refuses what is too big, cross-site, or malformed", async () => {
    const big = await send({ message: "x".repeat(9000), page: "/" });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe("The beacon is too large");
    expect((await send({ message: "m", page: "/" }, { origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await send({ message: "m", page: "/" }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    const bad = await send({ message: "m", page: "not-a-path" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/page/);
    expect((await send({ page: "/" })).status).toBe(400);
    expect((await send({ message: "m", page: "/", extra: 1 })).status).toBe(400);
    expect((await send("not json")).status).toBe(400);
    expect((await send({ message: "m", page: "/" }, { "content-type": "image/png" })).status).toBe(415);
    expect((await fetch(`${server.url}/api/errors`)).status).toBe(405);
  });
});
