import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { logger } from "~/core/logger.server";
import { markdownToText, renderMarkdown, renderPlainText } from "~/core/markdown";
import { suggestTags, type CorpusPost, type TagSource } from "./tag-suggestions";

/**
 * The blog's costly text work (markdown to HTML, tag suggestions) runs on a worker thread, with a
 * time limit. Some markdown costs time quadratic in its length (16,000 characters of one pattern
 * took 68 s on the main thread, while every other request waited). Off the main thread, pages,
 * /healthz and the API keep answering; past the limit the worker is stopped and the post is shown
 * as plain paragraphs (or no tags are suggested), and the next job gets a fresh worker.
 *
 * The worker runs this very module (its built chunk), so it needs no file of its own. Under the
 * Vite dev server the module is TypeScript source, which a worker cannot load: work runs inline.
 */
export const TEXT_WORK_LIMIT_MS = 3000;
/**
 * A new worker loads its modules before it can take a job; on a busy machine that alone took
 * seconds, which counted against the first job's limit. It has a limit of its own.
 */
const WORKER_START_LIMIT_MS = 20_000;
/** Jobs come with cache misses and the admin's edits; between them an idle worker would hold ~25 MB. */
const WORKER_IDLE_MS = 30_000;

type Job = { kind: "render"; source: string } | { kind: "suggest"; post: TagSource; corpus: CorpusPost[] };
type Result = string | string[];

function run(job: Job): Result {
  if (job.kind === "render") return renderMarkdown(job.source);
  return suggestTags({ ...job.post, content: markdownToText(job.post.content) }, job.corpus);
}

if (!isMainThread && (workerData as { clinkTextWork?: boolean } | null)?.clinkTextWork) {
  parentPort!.on("message", ({ id, job }: { id: number; job: Job }) => parentPort!.postMessage({ id, result: run(job) }));
  parentPort!.postMessage({ ready: true });
}

export class TextWorkTimeout extends Error {}

const moduleUrl = new URL(import.meta.url);
const canUseWorker = moduleUrl.protocol === "file:" && /\.m?js$/.test(moduleUrl.pathname);

type TextWorker = { thread: Worker; ready: Promise<void>; idle?: ReturnType<typeof setTimeout> };
let worker: TextWorker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>();

function currentWorker(): TextWorker {
  if (worker) return worker;
  const thread = new Worker(moduleUrl, { workerData: { clinkTextWork: true } });
  thread.unref(); // an idle worker must not keep the process alive
  let started: () => void = () => {};
  let failedToStart: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => ((started = resolve), (failedToStart = reject)));
  ready.catch(() => undefined);
  const startTimer = setTimeout(() => {
    failedToStart(new TextWorkTimeout(`the text worker did not start within ${WORKER_START_LIMIT_MS} ms`));
    void thread.terminate();
  }, WORKER_START_LIMIT_MS);
  thread.on("message", (message: { ready: true } | { id: number; result: Result }) => {
    if ("ready" in message) {
      clearTimeout(startTimer);
      started();
      return;
    }
    pending.get(message.id)?.resolve(message.result);
    pending.delete(message.id);
  });
  const fail = (error: Error) => {
    clearTimeout(startTimer);
    failedToStart(error);
    if (worker?.thread === thread) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  thread.on("error", fail);
  thread.on("exit", () => fail(new Error("the text worker stopped")));
  worker = { thread, ready };
  return worker;
}

// One job at a time: a slow one is then the only one its time limit stops.
let queue: Promise<unknown> = Promise.resolve();

function submit(job: Job): Promise<Result> {
  if (!canUseWorker) return Promise.resolve(run(job));
  const result = queue.then(async () => {
    const target = currentWorker();
    clearTimeout(target.idle);
    await target.ready;
    return new Promise<Result>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new TextWorkTimeout(`text work took longer than ${TEXT_WORK_LIMIT_MS} ms`));
        if (worker === target) worker = undefined;
        void target.thread.terminate();
      }, TEXT_WORK_LIMIT_MS);
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
}

/** Once the queue is empty, the worker stops after WORKER_IDLE_MS unless a new job comes. */
function stopWhenIdle() {
  const idle = worker;
  if (!idle || pending.size > 0) return;
  clearTimeout(idle.idle);
  idle.idle = setTimeout(() => {
    if (worker !== idle || pending.size > 0) return;
    worker = undefined;
    void idle.thread.terminate();
  }, WORKER_IDLE_MS);
  idle.idle.unref();
}

/** A post's markdown as safe HTML; past the time limit, its text as plain paragraphs. */
export async function renderPostBody(source: string): Promise<string> {
  return (await renderPostBodyChecked(source)).html;
}

/** The same, saying whether the Markdown was rendered (false: the plain-text stand-in, not worth keeping). */
export async function renderPostBodyChecked(source: string): Promise<{ html: string; rendered: boolean }> {
  try {
    return { html: (await submit({ kind: "render", source })) as string, rendered: true };
  } catch (error) {
    logger.warn({ err: error, length: source.length }, "markdown rendering stopped; shown as plain text");
    return { html: renderPlainText(source), rendered: false };
  }
}

/** Tag suggestions for a post's text; null when its markdown is too costly to read in time. */
export async function suggestTagsOffThread(post: TagSource, corpus: CorpusPost[]): Promise<string[] | null> {
  try {
    return (await submit({ kind: "suggest", post, corpus })) as string[];
  } catch (error) {
    if (!(error instanceof TextWorkTimeout)) throw error;
    logger.warn({ length: post.content.length }, "tag suggestions stopped at the time limit");
    return null;
  }
}
