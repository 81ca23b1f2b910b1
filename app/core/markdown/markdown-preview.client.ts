import { renderPlainText } from "../text/html";

/**
 * The browser's half of the one Markdown path: the editors' previews render on a Web Worker with the
 * server's time limit (markdown-work.server.ts), so a costly text (quadratic in its length) never holds
 * the page; past the limit the worker is stopped and the preview shows the text plain, as the post will.
 */
const PREVIEW_LIMIT_MS = 3000;

export type MarkdownPreview = { html: string; rendered: boolean };

let worker: Worker | null = null;
let nextId = 0;
// One render at a time: a slow one is then the only one its time limit stops.
let queue: Promise<unknown> = Promise.resolve();

function previewWorker(): Worker {
  worker ??= new Worker(new URL("./markdown-preview.worker.ts", import.meta.url), { type: "module", name: "markdown-preview" });
  return worker;
}

function renderOnWorker(source: string): Promise<MarkdownPreview> {
  return new Promise((resolve) => {
    const target = previewWorker();
    const id = nextId++;
    const stop = (fallback: MarkdownPreview) => {
      clearTimeout(timer);
      target.removeEventListener("message", answer);
      target.removeEventListener("error", failed);
      resolve(fallback);
    };
    const plain = () => ({ html: renderPlainText(source), rendered: false });
    const timer = setTimeout(() => {
      target.terminate();
      if (worker === target) worker = null;
      stop(plain());
    }, PREVIEW_LIMIT_MS);
    const answer = (event: MessageEvent<{ id: number } & MarkdownPreview>) => {
      if (event.data.id === id) stop({ html: event.data.html, rendered: event.data.rendered });
    };
    const failed = () => {
      if (worker === target) worker = null;
      stop(plain());
    };
    target.addEventListener("message", answer);
    target.addEventListener("error", failed);
    target.postMessage({ id, source });
  });
}

/** The preview of `source`, rendered off the page's thread within the time limit. */
export function renderMarkdownPreview(source: string): Promise<MarkdownPreview> {
  const result = queue.then(() => renderOnWorker(source));
  queue = result.catch(() => undefined);
  return result;
}
