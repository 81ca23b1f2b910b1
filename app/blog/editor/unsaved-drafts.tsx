import { formatDateTime } from "~/core/text/dates";
import { storedDrafts, type LocalDraft } from "./draft-storage";

/** Drafts this browser kept of posts not saved (a reload, a crashed tab): each can be restored or discarded. */

export function readDrafts(): LocalDraft[] {
  try {
    return storedDrafts(window.localStorage);
  } catch {
    return [];
  }
}

export function UnsavedDrafts({
  drafts,
  onRestore,
  onDiscard,
}: {
  drafts: LocalDraft[];
  onRestore: (draft: LocalDraft) => void;
  onDiscard: (draft: LocalDraft) => void;
}) {
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby="unsaved-drafts" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h3 id="unsaved-drafts" className="font-semibold">
        Unsaved drafts in this browser
      </h3>
      <ul className="mt-2 grid gap-2">
        {drafts.map((draft) => (
          <li key={draft.postId ?? "new"} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">
              <strong>{draft.form.title.trim() || "Untitled post"}</strong> ({draft.postId === null ? "new post" : "changes to a post"}),
              saved <time dateTime={draft.savedAt}>{formatDateTime(draft.savedAt)}</time>
            </span>
            <span className="flex gap-2">
              <button type="button" className="btn btn-primary" onClick={() => onRestore(draft)}>
                Restore draft
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => onDiscard(draft)}>
                Discard
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
