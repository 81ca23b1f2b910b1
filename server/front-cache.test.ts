import { describe, expect, it, vi } from "vitest";
import { listenersServedPerTest } from "../tests/support/listener-server";
import { addResponseObserver, type ResponseInfo } from "~/core/http/response-observers";
import { frontCache } from "./front-cache";
import { turns } from "./render-turns";

const serve = listenersServedPerTest();

/** The front cache before a stand-in for Express that counts its renders. */
async function start(options: { hold?: Promise<void>; concurrentRenders?: number } = {}) {
  let renders = 0;
  const { listener } = frontCache({
    concurrentRenders: options.concurrentRenders,
    app: (req, res) => {
      renders++;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      const send = () => res.end(`<p>page ${req.url}</p>`);
      if (options.hold && req.url?.startsWith("/held")) void options.hold.then(send);
      else send();
    },
    expressPaths: new Set(["/healthz"]),
    policyOf: (pathname) =>
      pathname.startsWith("/private") ? { private: true } : { pageCache: { query: { q: (v) => v.trim() || undefined } } },
    deployId: "test",
    maxBytes: 1024 * 1024,
    trustProxy: () => false,
    personalCookies: ["clink_session", "clink_flash"],
  });
  const base = await serve(listener);
  return { base, renders: () => renders };
}

describe("the front cache", () => {
  it("renders a page once, then answers from memory and tells the response observers of each hit", async () => {
    const { base, renders } = await start();
    const seen: ResponseInfo[] = [];
    const stop = addResponseObserver((info) => seen.push(info));
    try {
      const first = await fetch(`${base}/page?q=%20x%20&utm=1`);
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(await first.text()).toBe("<p>page /page?q=x</p>"); // rendered for the normalised address
      const second = await fetch(`${base}/page?utm=2&q=x`, { headers: { "user-agent": "TestBot/1.0" } });
      expect(second.headers.get("x-cache")).toBe("HIT");
      expect(renders()).toBe(1);
      expect(seen).toEqual([
        {
          method: "GET",
          path: "/page",
          status: 200,
          userAgent: "TestBot/1.0",
          ip: "127.0.0.1",
          cacheHit: true,
          durationMs: expect.any(Number),
        },
      ]);
    } finally {
      stop();
    }
  });

  it("leaves private pages, personal cookies, files and Express's own paths to Express", async () => {
    const { base, renders } = await start();
    for (const path of ["/private", "/private", "/healthz", "/healthz", "/a.txt", "/a.txt"]) await fetch(base + path);
    await fetch(`${base}/p`, { headers: { cookie: "clink_session=x" } });
    await fetch(`${base}/p`, { headers: { cookie: "clink_session=x" } });
    expect(renders()).toBe(8);
  });

  it("frees a render's turn when its visitor leaves, and renders nothing for a visitor who left while waiting", async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { base, renders } = await start({ hold, concurrentRenders: 1 });
    // One render holds the only turn; a second visitor waits for it, then leaves.
    const first = new AbortController();
    const held = fetch(`${base}/held`, { signal: first.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(renders()).toBe(1));
    const second = new AbortController();
    const waiting = fetch(`${base}/gone`, { signal: second.signal }).catch(() => undefined);
    second.abort();
    await waiting;
    // The first visitor leaves too: the turn is free without waiting for the render to end.
    first.abort();
    await held;
    const third = await fetch(`${base}/next`);
    expect(await third.text()).toBe("<p>page /next</p>");
    expect(renders()).toBe(2); // /held and /next: nothing for /gone
    release();
  });

  it("shares one render among concurrent misses of a page", async () => {
    const { base, renders } = await start();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/busy`).then((res) => res.text())));
    expect(new Set(answers)).toEqual(new Set(["<p>page /busy</p>"]));
    expect(renders()).toBe(1);
  });
});

describe("turns (how many misses render at once)", () => {
  const later = () => {
    let done!: () => void;
    const promise = new Promise<void>((resolve) => (done = resolve));
    return { promise, done };
  };

  const nextTask = () => new Promise((resolve) => setImmediate(resolve));

  it("runs at most the limit at once, the rest in the order they came, each started in its own turn of the event loop", async () => {
    const turn = turns(2);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, later);
    const all = gates.map((gate, i) => turn(() => (started.push(i), gate.promise)));
    // Nothing starts inside the caller's task: a request's callback only queues its render.
    expect(started).toEqual([]);
    await nextTask();
    expect(started).toEqual([0]);
    await nextTask();
    expect(started).toEqual([0, 1]);
    await nextTask();
    expect(started).toEqual([0, 1]); // the limit
    gates[1]!.done();
    await all[1];
    expect(started).toEqual([0, 1]);
    await nextTask();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.done();
    gates[2]!.done();
    await Promise.all([all[0], all[2]]);
    await nextTask();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTask();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.done();
    gates[4]!.done();
    await Promise.all(all);
  });

  it("lets a request that came while renders wait be answered before the next render starts", async () => {
    const turn = turns(2);
    const order: string[] = [];
    // Renders that finish in microtasks, as on the embedded database.
    const renders = Array.from({ length: 4 }, (_, i) => turn(async () => void order.push(`render ${i}`)));
    setImmediate(() => order.push("request"));
    await Promise.all(renders);
    expect(order.indexOf("request")).toBeLessThan(2);
  });

  it("gives the turn of a task that takes too long to the next one, and passes failures on", async () => {
    const turn = turns(1, 20);
    const stuck = later();
    void turn(() => stuck.promise);
    await expect(turn(() => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(await turn(() => Promise.resolve("next"))).toBe("next");
    stuck.done();
  });
});
