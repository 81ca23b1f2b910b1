import { afterEach, describe, expect, it, vi } from "vitest";
import { BatchedWriter, batchedWriters, type BatchedWriterOptions } from "./batched-writer.server";
import { logger } from "../logs/logger.server";

type Hit = { key: string; hits: number };

/** A writer into an array; `failing` makes every write throw until it is set back. */
function writerInto(options: Partial<BatchedWriterOptions<Hit>> = {}) {
  const written: Hit[][] = [];
  const state = { failing: false };
  const writer = new BatchedWriter<Hit>({
    name: "test rows",
    batchSize: 3,
    flushMs: 1_000,
    maxBuffered: 100,
    write: async (batch) => {
      if (state.failing) throw new Error("database down");
      written.push(batch.map((item) => ({ ...item })));
    },
    ...options,
  });
  return { writer, written, state };
}
const hit = (key: string): Hit => ({ key, hits: 1 });

const warnings = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
afterEach(() => {
  vi.useRealTimers();
  warnings.mockClear();
});

describe("BatchedWriter", () => {
  it("writes a full batch at once, without waiting for the timer", async () => {
    const { writer, written } = writerInto({ flushMs: 60_000 });
    writer.add(hit("a"), hit("b"));
    expect(written).toEqual([]);
    writer.add(hit("c"), hit("d"));
    await vi.waitFor(() => expect(written.flat().map((h) => h.key)).toEqual(["a", "b", "c", "d"]));
    expect(written[0]).toHaveLength(3); // one batch is at most batchSize
    await writer.close();
  });

  it("writes what waits flushMs after the first item arrived, and not before", async () => {
    vi.useFakeTimers();
    const { writer, written } = writerInto();
    writer.add(hit("a"));
    await vi.advanceTimersByTimeAsync(500);
    writer.add(hit("b")); // does not push the deadline back
    await vi.advanceTimersByTimeAsync(499);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written.flat().map((h) => h.key)).toEqual(["a", "b"]);
    expect(vi.getTimerCount()).toBe(0); // nothing waits: no timer runs
  });

  it("writes everything at close, and takes nothing after it", async () => {
    const { writer, written } = writerInto({ flushMs: 60_000, batchSize: 100 });
    writer.add(hit("a"), hit("b"));
    await writer.close();
    expect(written.flat().map((h) => h.key)).toEqual(["a", "b"]);
    expect(writer.add(hit("c"))).toBe(false);
    expect(writer.dropped).toBe(1);
  });

  it("keeps a failed batch, in order, and writes it at a later flush", async () => {
    vi.useFakeTimers();
    const { writer, written, state } = writerInto({ batchSize: 100 });
    state.failing = true;
    writer.add(hit("a"), hit("b"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writer.size).toBe(2);
    writer.add(hit("c"));
    state.failing = false;
    await vi.advanceTimersByTimeAsync(1_000); // retried on the writer's own timer
    expect(written.flat().map((h) => h.key)).toEqual(["a", "b", "c"]);
    expect(writer.size).toBe(0);
  });

  it("is bounded: past maxBuffered new items are dropped and counted, while what waits is kept", async () => {
    const { writer, written, state } = writerInto({ batchSize: 100, maxBuffered: 3, flushMs: 60_000 });
    state.failing = true;
    expect(writer.add(hit("a"), hit("b"), hit("c"))).toBe(true);
    expect(writer.add(hit("d"), hit("e"))).toBe(false);
    expect(writer.size).toBe(3);
    expect(writer.dropped).toBe(2);
    // What the metrics read: every writer of the process, this one with its figures.
    expect(
      batchedWriters()
        .filter((w) => w.name === "test rows")
        .at(-1),
    ).toEqual({ name: "test rows", size: 3, dropped: 2 });
    state.failing = false;
    await writer.flush();
    expect(written.flat().map((h) => h.key)).toEqual(["a", "b", "c"]);
    expect(warnings).toHaveBeenCalledWith({ dropped: 2 }, "test rows dropped while the database was behind");
    expect(writer.add(hit("f"))).toBe(true); // room again
    await writer.close();
  });

  it("folds an item whose key waits into it, even when the buffer is full", async () => {
    const { writer, written } = writerInto({
      batchSize: 100,
      maxBuffered: 2,
      flushMs: 60_000,
      fold: { key: (item) => item.key, merge: (kept, item) => (kept.hits += item.hits) },
    });
    writer.add(hit("a"), hit("b"), hit("a"), hit("c"), hit("a"));
    expect(writer.dropped).toBe(1); // c: no place, and nothing to fold into
    await writer.close();
    expect(written.flat()).toEqual([
      { key: "a", hits: 3 },
      { key: "b", hits: 1 },
    ]);
  });
});
