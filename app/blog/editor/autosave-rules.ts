import { AdminApiError } from "~/admin/admin-api";
import { conflictMessage, type PostVersionState } from "~/blog/writing/autosave";
import type { PostFormState } from "./post-form-state";
import { linksAsText, withoutImages } from "~/core/markdown/markdown-text";

/** The editor's save status: what the line beside the title says (decision record 0039). */
export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: string; pending: boolean }
  | { kind: "error"; message: string }
  | { kind: "conflict"; message: string; current: PostVersionState };

/** The part of the form an autosave carries, as one comparable string. */
export function autosaveText(form: Pick<PostFormState, "title" | "content" | "excerpt">): string {
  return JSON.stringify([form.title, form.content, form.excerpt]);
}

/** A new post is created on the server once it has a title and some text (before that there is nothing to keep). */
export function autosaveDue(form: Pick<PostFormState, "title" | "content">): boolean {
  return form.title.trim() !== "" && form.content.trim() !== "";
}

/** The excerpt a new draft is created with when the author has not written one yet: its text's first words. */
export function draftExcerpt(markdown: string, max = 160): string {
  const plain = linksAsText(withoutImages(markdown))
    .replace(/[#>*_`~|-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!plain) return "Draft";
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : max).trimEnd()}…`;
}

/**
 * What a failed save means for the status line: someone else's newer save (a 409 carrying the post's `current`
 * version), or a reason to show; anything but an answer from the server means no connection.
 */
export function failureOf(failure: unknown, sessionExpired: boolean): SaveState {
  if (sessionExpired) return { kind: "error", message: "Not saved: your session has expired. Sign in again." };
  if (!(failure instanceof AdminApiError)) return { kind: "error", message: "Not saved: no connection. The text is kept in this browser." };
  const current = failure.status === 409 ? (failure.body as { current?: PostVersionState } | null)?.current : undefined;
  if (current && typeof current.updatedAt === "string") return { kind: "conflict", message: conflictMessage(current), current };
  return { kind: "error", message: `Not saved: ${failure.detail}` };
}

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false });

/** "Saved 14:05": the time of the last save, in the viewer's time zone. */
export function savedLabel(at: string): string {
  return `Saved ${TIME.format(new Date(at))}`;
}
