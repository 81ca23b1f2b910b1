import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CONTENT_IMAGE_WIDTHS } from "~/blog/post/content-images";
import { type Api } from "../support/api";
import { heldBound } from "../support/held";
import { outboxMessages } from "../support/outbox-folder";
import { rawRequest } from "../support/raw-http";
import { waitFor } from "../support/eventually";
import { siteForSuite } from "../support/suite";
import { type TestServer } from "../support/test-server";

/**
 * Issue 47: no one request holds the server. Each of the costliest inputs found (a draft of nested quotes
 * opened in the editor, a broadcast of them tested and sent, a photo's variants asked for by anyone at once)
 * runs while /healthz is polled: its answers must not wait for the work (judged against the work's own
 * length, tests/support/held.ts; the 100 ms goal is `npm run bench`'s), and the server's memory stays
 * within 300 MB of where it was. Before the bounds, the editor held /healthz for minutes, the broadcast for
 * two, the variants for 75 s at p99 and took memory from 317 MB to 1 GB.
 */
const READERS = Array.from({ length: 50 }, (_, i) => `reader${i}@bounded.example`);
const seed = `insert into audience_subscribers (list, email, state, consent_page, consent_wording, confirmed_at) values ${READERS.map(
  (email) => `('blog', '${email}', 'confirmed', '/subscribe', 'seeded', now())`,
).join(", ")};`;

let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" }, seed }, (site) => ({ server, admin } = site));

/** The server process's resident memory, in MB. */
const residentMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) / 1024;

/** Polls /healthz until `work` settles: every answer's time, the longest resident memory seen, and the work's length. */
async function probed<T>(work: Promise<T>) {
  let done = false;
  const started = performance.now();
  const times: number[] = [];
  let peakMb = residentMb();
  let workMs = 0;
  const settled = work.finally(() => ((done = true), (workMs = performance.now() - started)));
  while (!done) {
    const health = await rawRequest(server.url, { path: "/healthz" });
    expect(health.status).toBe(200);
    times.push(health.ms);
    peakMb = Math.max(peakMb, residentMb());
  }
  const result = await settled;
  const sorted = [...times].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  return { result, longest: sorted.at(-1) ?? 0, p99, polls: times.length, peakMb, workMs };
}

function expectNotHeld(name: string, figures: Awaited<ReturnType<typeof probed>>, startMb: number) {
  console.log(
    `${name}: /healthz p99 ${figures.p99.toFixed(1)} ms, longest ${figures.longest.toFixed(1)} ms over ${figures.polls} polls in ${figures.workMs.toFixed(0)} ms; memory ${startMb.toFixed(0)} -> ${figures.peakMb.toFixed(0)} MB`,
  );
  expect(figures.longest, `${name}: the longest /healthz answer`).toBeLessThan(heldBound(figures.workMs));
  expect(figures.peakMb - startMb, `${name}: memory growth in MB`).toBeLessThan(300);
}

describe("Markdown goes one way: the bounded worker", () => {
  it("opens a draft of 29,990 nested quotes in the editor without holding the server, its text shown plain and the author told", async () => {
    const created = await admin.call("POST", "/api/blog", {
      title: "Quotes all the way down",
      author: "Ada",
      excerpt: "Deep",
      content: ">".repeat(29_990),
      category: "tips",
      published: false,
    });
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: { id: number } };
    const startMb = residentMb();
    const figures = await probed(
      rawRequest(server.url, { path: `/admin/posts/${post.id}`, headers: { cookie: admin.cookie! }, timeoutMs: 300_000 }),
    );
    expect(figures.result.status).toBe(200);
    expect(figures.result.body).toContain("too costly to render as Markdown");
    expect(figures.result.body).toContain("&gt;&gt;&gt;&gt;");
    expectNotHeld("editor", figures, startMb);
  }, 300_000);

  it("tests and sends a broadcast of 49,000 nested quotes to 50 people, rendered once, without holding the server", async () => {
    const subject = "Deep quotes for everyone";
    const created = await admin.call("POST", "/api/admin/broadcasts", { subject, markdown: ">".repeat(49_000), list: "blog" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const startMb = residentMb();
    const sending = (async () => {
      expect((await admin.call("POST", `/api/admin/broadcasts/${id}/test`, {})).status).toBe(202);
      expect((await admin.call("POST", `/api/admin/broadcasts/${id}/send`, {})).status).toBe(202);
      // Asked of the server (reading the outbox's files here would hold this process, and so the probes).
      const report = async () => (await (await admin.get(`/api/admin/broadcasts/${id}`)).json()) as { state: string; sent: number };
      await waitFor(
        async () => {
          const now = await report();
          return now.state === "sent" && now.sent === READERS.length;
        },
        "50 broadcast mails sent",
        240_000,
      );
    })();
    const figures = await probed(sending);
    const sent = outboxMessages(server.dataDir).filter((mail) => mail.subject === subject);
    expect(new Set(sent.map((mail) => mail.to))).toEqual(new Set(READERS));
    // Shown plain (escaped), as the post page shows what it cannot render.
    expect(sent[0]!.raw).toMatch(/&gt;&gt;&gt;&gt;/);
    expectNotHeld("broadcast", figures, startMb);
  }, 300_000);

  it("folds line breaks and separators out of a broadcast's subject", async () => {
    const created = await admin.call("POST", "/api/admin/broadcasts", {
      subject: "Launch\r\nnight\u2028in\u0085Sydney",
      markdown: "Hello",
      list: "blog",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const report = (await (await admin.get(`/api/admin/broadcasts/${id}`)).json()) as { subject: string };
    expect(report.subject).toBe("Launch night in Sydney");
  });
});

/** Uploads `image` to the media library as the admin. */
function uploadMedia(image: Buffer, type: string, name: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(image)], { type }), name);
  return fetch(`${server.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: admin.cookie! } });
}

describe("image variants are made within a budget", () => {
  it("answers 60 variant requests, 10 at a time and without a cookie, within the budget; a variant asked for by many is made once", async () => {
    // A photo-like picture (noise compresses as a photo does), 2000 x 1500.
    const photo = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    const uploaded = await uploadMedia(photo, "image/jpeg", "crowd.jpg");
    expect(uploaded.status).toBe(201);
    const { hash } = (await uploaded.json()) as { hash: string };
    const original = `/content/images/media/${hash}.jpeg`;
    const formats = ["", "format/webp/", "format/avif/", "format/jpeg/", "format/png/", "format/gif/"];
    const variants = CONTENT_IMAGE_WIDTHS.flatMap((width) =>
      formats.map((format) => `/content/images/size/w${width}/${format}media/${hash}.jpeg`),
    );
    const others = Array.from({ length: 24 }, (_, i) => `/content/images/size/w${301 + i}/media/${hash}.jpeg`);
    const paths = [...variants, ...others];
    expect(paths).toHaveLength(60);

    const startMb = residentMb();
    const answers: Array<{ path: string; status: number; location?: string }> = [];
    const asking = (async () => {
      for (let i = 0; i < paths.length; i += 10) {
        const batch = await Promise.all(
          paths.slice(i, i + 10).map((path) => rawRequest(server.url, { path, timeoutMs: 240_000 }).then((res) => ({ path, res }))),
        );
        for (const { path, res } of batch) answers.push({ path, status: res.status, location: res.headers.location });
      }
    })();
    const figures = await probed(asking);
    expectNotHeld("variants", figures, startMb);
    // Each answer is the variant or, past the budget (and for sizes not made), the original: never an error.
    for (const answer of answers) {
      expect([200, 302], answer.path).toContain(answer.status);
      if (answer.status === 302) expect(answer.location, answer.path).toBe(original);
    }
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

    // One variant not made yet, asked for by 12 at once (more than the pool takes): made once, every one
    // of them answered with it. Made 12 times, 3 of them would find the pool full and get the original.
    const path = `/api/media/${hash}?w=800`;
    const many = await Promise.all(
      Array.from({ length: 12 }, () => rawRequest(server.url, { path, headers: { accept: "image/webp" }, timeoutMs: 240_000 })),
    );
    expect(many.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(new Set(many.map((res) => res.headers.etag)).size).toBe(1);
  }, 300_000);

  it("refuses a pixel bomb saying it is too large", async () => {
    // 20000 x 20000 of one colour: a few hundred KB of PNG that would decode to 1.6 GB.
    const bomb = await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: "#ffffff" }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await uploadMedia(bomb, "image/png", "bomb.png");
    expect(res.status).toBe(413);
    expect(JSON.stringify(await res.json())).toMatch(/too many pixels/);
  }, 120_000);
});
