import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/**
 * Work whose cost can grow faster than its input (Markdown, tag scoring) runs here: on a worker thread
 * of its own, one job at a time, each within a time limit (docs/architecture.md, "No request holds the
 * server"). Off the main thread, pages, /healthz and the API keep answering; past the limit the worker
 * is stopped, the caller gets `OffThreadTimeout` (and answers with its plain stand-in), and the next job
 * gets a fresh worker.
 *
 * The worker runs the module that defines the work (its built chunk, kept apart from the server's by
 * vite.config.ts), so no work needs a file of its own. Under the Vite dev server the module is TypeScript
 * source, which a worker cannot load: work runs inline there.
 */
export class OffThreadTimeout extends Error {}
/** Refused at once: more jobs are waiting than the work's queue holds (the caller answers as for a timeout). */
class OffThreadBusy extends OffThreadTimeout {}

/**
 * A new worker loads its modules before it can take a job; on a busy machine that alone took seconds,
 * which counted against the first job's limit. It has a limit of its own.
 */
const WORKER_START_LIMIT_MS = 20_000;
/** Jobs come with cache misses and the admin's edits; between them an idle worker would hold ~25 MB. */
const WORKER_IDLE_MS = 30_000;

type Reply<R> = { ready: true } | { id: number; result: R } | { id: number; failed: string };

export type OffThreadWork<J, R> = { run: (job: J) => Promise<R> };

/**
 * Defines a kind of off-thread work. Called at the top of the module that holds `work`, with that module's
 * `import.meta.url`: in the worker, the same call answers the jobs.
 */
export function offThreadWork<J, R>(
  name: string,
  moduleUrl: string,
  work: (job: J) => R,
  options: { limitMs: number; maxWaiting: number },
): OffThreadWork<J, R> {
  if (!isMainThread && (workerData as { offThreadWork?: string } | null)?.offThreadWork === name) {
    parentPort!.on("message", ({ id, job }: { id: number; job: J }) => {
      let reply: Reply<R>;
      try {
        reply = { id, result: work(job) };
      } catch (error) {
        reply = { id, failed: error instanceof Error ? error.message : String(error) };
      }
      parentPort!.postMessage(reply);
    });
    parentPort!.postMessage({ ready: true } satisfies Reply<R>);
  }
  const url = new URL(moduleUrl);
  const canUseWorker = url.protocol === "file:" && /\.m?js$/.test(url.pathname);
  type Thread = { thread: Worker; ready: Promise<void>; idle?: ReturnType<typeof setTimeout> };
  let current: Thread | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: R) => void; reject: (error: Error) => void }>();

  const thread = (): Thread => {
    if (current) return current;
    const worker = new Worker(url, { workerData: { offThreadWork: name } });
    worker.unref(); // an idle worker must not keep the process alive
    let started: () => void = () => {};
    let failedToStart: (error: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => ((started = resolve), (failedToStart = reject)));
    ready.catch(() => undefined);
    const startTimer = setTimeout(() => {
      failedToStart(new OffThreadTimeout(`the ${name} worker did not start within ${WORKER_START_LIMIT_MS} ms`));
      void worker.terminate();
    }, WORKER_START_LIMIT_MS);
    worker.on("message", (message: Reply<R>) => {
      if ("ready" in message) {
        clearTimeout(startTimer);
        started();
        return;
      }
      const job = pending.get(message.id);
      pending.delete(message.id);
      if ("failed" in message) job?.reject(new Error(message.failed));
      else job?.resolve(message.result);
    });
    const fail = (error: Error) => {
      clearTimeout(startTimer);
      failedToStart(error);
      if (current?.thread === worker) current = undefined;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error(`the ${name} worker stopped`)));
    current = { thread: worker, ready };
    return current;
  };

  /** Once the queue is empty, the worker stops after WORKER_IDLE_MS unless a new job comes. */
  const stopWhenIdle = () => {
    const idle = current;
    if (!idle || pending.size > 0) return;
    clearTimeout(idle.idle);
    idle.idle = setTimeout(() => {
      if (current !== idle || pending.size > 0) return;
      current = undefined;
      void idle.thread.terminate();
    }, WORKER_IDLE_MS);
    idle.idle.unref();
  };

  // One job at a time: a slow one is then the only one its time limit stops.
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const run = (job: J): Promise<R> => {
    if (!canUseWorker) return Promise.resolve().then(() => work(job));
    if (waiting >= options.maxWaiting) return Promise.reject(new OffThreadBusy(`${options.maxWaiting} ${name} jobs are already waiting`));
    waiting += 1;
    const result = queue.then(async () => {
      waiting -= 1;
      const target = thread();
      clearTimeout(target.idle);
      await target.ready;
      return new Promise<R>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new OffThreadTimeout(`${name} took longer than ${options.limitMs} ms`));
          if (current === target) current = undefined;
          void target.thread.terminate();
        }, options.limitMs);
        pending.set(id, {
          resolve: (value) => (clearTimeout(timer), resolve(value)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        target.thread.postMessage({ id, job });
      });
    });
    queue = result.catch(() => undefined);
    void queue.then(stopWhenIdle);
    return result;
  };
  return { run };
}
