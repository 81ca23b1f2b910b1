import { renderMarkdownChecked } from "./markdown";

/** The editors' preview renderer, on a Web Worker (markdown-preview.client.ts): typing never waits for it. */
self.onmessage = (event: MessageEvent<{ id: number; source: string }>) => {
  const { id, source } = event.data;
  self.postMessage({ id, ...renderMarkdownChecked(source) });
};
