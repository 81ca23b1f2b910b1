import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The one way e2e tests reach a post's text. The editor first shows a plain textarea and swaps in CodeMirror
 * when its code has loaded; a test that typed before the swap raced it (under load the text was lost, or
 * `fill` reached an element about to go). So: wait for the editor's ready marker, fill its labelled textbox,
 * and check the text React holds (a hidden mirror) is exactly what was meant.
 */
export async function fillPostText(scope: Locator, text: string) {
  await editorReady(scope);
  const box = postTextbox(scope);
  await expect(async () => {
    await box.fill(text);
    await expect(postText(scope)).toHaveValue(text, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Waits until CodeMirror has replaced the plain textarea (its wrapper carries data-editor-ready). */
export async function editorReady(scope: Locator) {
  await expect(scope.locator("[data-markdown-editor][data-editor-ready]")).toHaveCount(1, { timeout: 30_000 });
}

/** The editor's labelled textbox (CodeMirror's content element, named by the "Content" label). */
export const postTextbox = (scope: Locator) => scope.getByRole("textbox", { name: "Content", exact: true });

/** The post's text as the form holds it (newlines included), for toHaveValue. */
export const postText = (scope: Locator) => scope.locator("textarea[data-post-text]");
