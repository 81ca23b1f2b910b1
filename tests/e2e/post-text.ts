import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";
import { scaled } from "./time-limits";

/**
 * The one way e2e tests reach a post's text. The editor first shows a plain textarea and swaps in CodeMirror
 * when its code has loaded; a test that typed before the swap raced it (under load the text was lost, or
 * `fill` reached an element about to go). So: wait for the editor's ready marker, fill its labelled textbox,
 * and check the editor's document is exactly what was meant (no mirror of it is in the page's markup).
 */
export async function fillPostText(scope: Locator, text: string) {
  await editorReady(scope);
  const box = postTextbox(scope);
  await expect(async () => {
    await box.fill(text);
    await expectPostText(scope, text, 3_000);
  }).toPass({ timeout: scaled(30_000) });
}

/** Waits until CodeMirror has replaced the plain textarea (its wrapper carries data-editor-ready). */
export async function editorReady(scope: Locator) {
  await expect(scope.locator("[data-markdown-editor][data-editor-ready]")).toHaveCount(1, { timeout: scaled(30_000) });
}

/** The editor's labelled textbox (CodeMirror's content element, named by the "Content" label). */
export const postTextbox = (scope: Locator) => scope.getByRole("textbox", { name: "Content", exact: true });

/**
 * The post's text as the editor holds it (newlines included; the DOM shows only the lines in view), read from
 * CodeMirror's view behind its content element (EditorView.findFromDOM's way, from the test's side).
 */
export async function readPostText(scope: Locator): Promise<string> {
  await editorReady(scope);
  return scope.locator(".cm-content").evaluate((content) => {
    type Tile = { root?: { view?: { state: { doc: { toString(): string } } } } };
    const view = (content as unknown as { cmTile?: Tile }).cmTile?.root?.view;
    if (!view) throw new Error("no CodeMirror view behind .cm-content");
    return view.state.doc.toString();
  });
}

/** Waits until the post's text is `expected` (a string, exactly, or a pattern), up to `timeout` grown by the factor. */
export async function expectPostText(scope: Locator, expected: string | RegExp, timeout = 7_000) {
  await expect
    .poll(() => readPostText(scope), { timeout: scaled(timeout) })
    .toEqual(typeof expected === "string" ? expected : expect.stringMatching(expected));
}
