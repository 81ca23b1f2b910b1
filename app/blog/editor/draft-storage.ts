/** The editor's local drafts in this browser's localStorage (refused or full storage is not an error). */
import { draftKey } from "./post-form-state";

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private mode): the guard on closing still protects the text.
  }
}

/** Forgets the local draft of a post (after it was saved, or the admin chose to discard it). */
export const forgetDraft = (postId: number | null) => writeStorage(draftKey(postId), null);

/** The drafts this browser keeps, read where they are written. */
export { storedDrafts, type LocalDraft } from "./post-form-state";
