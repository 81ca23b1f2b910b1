import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Cloudflare's and Fastly's purge APIs (and a Varnish's PURGE) on loopback, for the site's
 * CLOUDFLARE_API_BASE, FASTLY_API_BASE and VARNISH_PURGE_URLS: every request is recorded, and `answer`
 * says what the next ones get (200 by default; a 429 or 500 to see the site retry and alert).
 */
export type CdnCall = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string; tags: string[] };
export type FakeCdn = {
  base: string;
  calls: CdnCall[];
  answer: (call: CdnCall) => { status: number; headers?: Record<string, string>; body?: string };
  close: () => Promise<void>;
};

function tagsOf(call: Omit<CdnCall, "tags">): string[] {
  if (call.path.includes("/purge_cache")) return (JSON.parse(call.body || "{}") as { tags?: string[] }).tags ?? [];
  const header = call.headers["surrogate-key"] ?? call.headers["xkey"];
  return String(header ?? "")
    .split(" ")
    .filter(Boolean);
}

export async function startFakeCdn(): Promise<FakeCdn> {
  const fake: FakeCdn = {
    base: "",
    calls: [],
    answer: () => ({ status: 200, body: '{"success":true,"errors":[],"result":{"id":"x"}}' }),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const partial = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const call = { ...partial, tags: tagsOf(partial) };
      fake.calls.push(call);
      const answer = fake.answer(call);
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.body ?? "{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
