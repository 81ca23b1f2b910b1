import { logger } from "../logs/logger.server";
import { serialized } from "./serialized";
import { nextTurn } from "./next-turn";

/**
 * The one way to record what arrives too often to write one by one (crawler visits, web vitals; page views
 * later): items wait in this process's memory and are written in batches, off the request's path.
 *
 * - Flushed when `batchSize` items wait, at once; else `flushMs` after the first of them arrived; and by
 *   `close()` at shutdown, so a clean stop loses nothing. A crash loses at most what waited.
 * - The timer is this buffer's own, armed only while something waits and unref'd (it never keeps the process
 *   up), not background work: the buffer is in this process's memory, so the job runner (a job in the
 *   database, run by whichever instance claims it) could not flush it (docs/decisions/0032-admin-kit-and-floors.md).
 * - Bounded: past `maxBuffered` waiting items new ones are dropped, counted (`dropped`) and logged at the next
 *   flush, so a database that is down or slow costs bounded memory and never slows a request.
 * - A failed write keeps its batch, in order, for the next flush (`flushMs` later).
 * - `fold` (optional): an item whose key is already waiting merges into it (a count goes up) instead of taking
 *   a place, so a burst of identical items costs one row; it is taken even when the buffer is full.
 */
export type BatchedWriterOptions<T> = {
  /** What is written, for the logs ("crawler visits"). */
  name: string;
  /** Writes one batch (at most `batchSize` items); throws to have it kept and tried again. */
  write: (batch: T[]) => Promise<void>;
  batchSize: number;
  flushMs: number;
  maxBuffered: number;
  fold?: { key: (item: T) => string; merge: (kept: T, item: T) => void };
};

/** Every writer of this process, for the metrics (what waits, what was dropped), by name. */
type WriterFigures = { readonly name: string; readonly size: number; readonly dropped: number };
const writers = new Set<WriterFigures>();
export function batchedWriters(): ReadonlyArray<WriterFigures> {
  return [...writers].map((w) => ({ name: w.name, size: w.size, dropped: w.dropped }));
}

export class BatchedWriter<T> {
  private waiting: T[] = [];
  private readonly folded = new Map<string, T>();
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private unreported = 0;
  private closed = false;
  /** A flush asked for by size is queued or running: one at a time (it writes what arrives meanwhile too). */
  private full: Promise<void> | undefined;
  /** Items dropped since start: the buffer was full, or the writer closed. */
  dropped = 0;
  /** Writes everything that waits; a call made during a flush waits for one that takes its items too. */
  readonly flush: () => Promise<void>;

  constructor(private readonly options: BatchedWriterOptions<T>) {
    this.flush = serialized(() => this.writeAll());
    writers.add(this);
  }

  get name(): string {
    return this.options.name;
  }

  /** Items waiting, those being written included. */
  get size(): number {
    return this.waiting.length + this.writing;
  }

  /** Keeps items for a batch; false when one was dropped (the buffer full, or the writer closed). */
  add(...items: T[]): boolean {
    const { fold, maxBuffered, batchSize } = this.options;
    let kept = true;
    for (const item of items) {
      const key = fold?.key(item);
      const same = key === undefined ? undefined : this.folded.get(key);
      if (same && !this.closed) fold!.merge(same, item);
      else if (this.closed || this.size >= maxBuffered) {
        this.dropped++;
        this.unreported++;
        kept = false;
      } else {
        if (key !== undefined) this.folded.set(key, item);
        this.waiting.push(item);
      }
    }
    if (this.waiting.length >= batchSize)
      this.full ??= this.flush()
        .catch(() => undefined)
        .finally(() => (this.full = undefined));
    else if (this.waiting.length > 0) this.arm();
    return kept;
  }

  /** At shutdown: writes what waits and takes nothing more. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private arm(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushMs).unref();
  }

  private async writeAll(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const { fold, name, batchSize } = this.options;
    let first = true;
    while (this.waiting.length > 0) {
      // Between batches the event loop turns: on PGlite a write runs on this thread, and requests that
      // arrived meanwhile (a cached page takes microseconds) are answered before the next batch, not after all.
      if (!first) await nextTurn();
      first = false;
      const batch = this.waiting.splice(0, batchSize);
      if (fold) for (const item of batch) this.folded.delete(fold.key(item));
      this.writing = batch.length;
      try {
        await this.options.write(batch);
      } catch (error) {
        this.waiting.unshift(...batch);
        if (fold) for (const item of batch) if (!this.folded.has(fold.key(item))) this.folded.set(fold.key(item), item);
        logger.warn({ err: error, waiting: this.waiting.length }, `could not record ${name}; will retry`);
        break;
      } finally {
        this.writing = 0;
      }
    }
    if (this.unreported > 0) {
      logger.warn({ dropped: this.unreported }, `${name} dropped while the database was behind`);
      this.unreported = 0;
    }
    if (this.waiting.length > 0) this.arm();
  }
}
