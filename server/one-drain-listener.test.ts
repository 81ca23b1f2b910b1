import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { listenersServedPerTest } from "../tests/support/listener-server";
import { oneDrainListener } from "./one-drain-listener";

const serve = listenersServedPerTest();

/** A page streamed the way React Router streams one: 160 pieces of 64 KB, each write waiting for a drain. */
function app(options: { withFix: boolean }) {
  const site = express();
  site.use(compression());
  if (options.withFix) site.use(oneDrainListener());
  site.get("/page", async (_req, res) => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 160) return controller.close();
        controller.enqueue(randomBytes(64 * 1024));
      },
    });
    res.setHeader("Content-Type", "text/html");
    await writeReadableStreamToWritable(body, res);
  });
  return site;
}

/** Reads the whole answer (compressed, as a browser asks it); its size. */
function fetchPage(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${base}/page`, { headers: { "Accept-Encoding": "br" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

/** The leak's warnings while one page is sent (Node warns once an emitter holds 11 listeners of an event). */
async function drainWarnings(withFix: boolean): Promise<{ bytes: number; warned: string[] }> {
  process.on("warning", onWarning);
  const bytes = await fetchPage(await serve(app({ withFix })));
  await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  return { bytes, warned: warnings.filter((w) => w.includes("drain listeners")) };
}

describe("one drain listener per compressed response", () => {
  it("leaves no drain listener behind for each write a streamed page waited on", async () => {
    const { bytes, warned } = await drainWarnings(true);
    expect(bytes).toBeGreaterThan(160 * 64 * 1024); // random bytes do not compress: the whole page came
    expect(warned).toEqual([]);
  });

  it("is needed: without it compression keeps one per wait (expressjs/compression#135)", async () => {
    const { warned } = await drainWarnings(false);
    expect(warned.length).toBeGreaterThan(0);
  });
});
