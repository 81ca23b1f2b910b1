import { conflictMessage, type PostVersionState } from "~/blog/writing/autosave";
import { useEffect, useState } from "react";
import { SessionExpiredError, useAdminSession } from "~/admin/admin-api";
import type { BlogPostDto } from "~/blog/post/schema";
import { formatDateTime } from "~/core/text/dates";
import { savedLabel, type SaveState } from "./autosave-rules";
import type { LocalDraft } from "./post-form-state";

/** The editor's save status beside its actions: "Saving…", "Saved 14:05", or why not. */
export function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === "saving"
      ? "Saving…"
      : state.kind === "saved"
        ? `${savedLabel(state.at)}${state.pending ? " (not on the blog until Update Post)" : ""}`
        : state.kind === "error"
          ? state.message
          : state.kind === "conflict"
            ? "Not saved: someone else changed this post"
            : "";
  const bad = state.kind === "error" || state.kind === "conflict";
  return (
    <p role="status" data-save-state={state.kind} className={`min-w-0 text-sm ${bad ? "font-semibold text-red-700" : "text-slate-700"}`}>
      {text}
    </p>
  );
}

export type PendingText = {
  title: string;
  content: string;
  excerpt: string;
  savedAt: string;
  savedBy: { id: number; name: string };
  baseVersion: number;
};

/**
 * A live post's unsaved text kept on the server (from any device), offered back when the post opens:
 * restored into the editor, or discarded on the server.
 */
export function PendingOffer({ post, onRestore }: { post: BlogPostDto; onRestore: (pending: PendingText) => void }) {
  const { adminFetch } = useAdminSession();
  const [pending, setPending] = useState<PendingText | null>(null);
  useEffect(() => {
    let live = true;
    adminFetch<{ pending: PendingText | null }>(`/api/admin/posts/${post.id}/autosave`)
      .then((answer) => {
        const p = answer.pending;
        if (live && p && (p.title !== post.title || p.content !== post.content || p.excerpt !== post.excerpt)) setPending(p);
      })
      .catch(() => undefined); // nothing to offer is the same as no answer: the editor works on
    return () => {
      live = false;
    };
  }, [adminFetch, post]);
  if (!pending) return null;
  return (
    <Offer
      label="Unsaved changes"
      text={
        <>
          Restore unsaved changes from {pending.savedBy.name}, <time dateTime={pending.savedAt}>{formatDateTime(pending.savedAt)}</time>?
          {pending.baseVersion !== post.version ? " They were written over an earlier version of the post." : ""}
        </>
      }
      restoreLabel="Restore changes"
      onRestore={() => {
        onRestore(pending);
        setPending(null);
      }}
      onDiscard={() => {
        setPending(null);
        adminFetch(`/api/admin/posts/${post.id}/autosave`, { method: "DELETE" }).catch((e: unknown) => {
          if (!(e instanceof SessionExpiredError)) setPending(pending);
        });
      }}
    />
  );
}

/** A copy kept in this browser when the server could not be reached (the offline fallback). */
export function LocalOffer({ draft, onRestore, onDiscard }: { draft: LocalDraft; onRestore: () => void; onDiscard: () => void }) {
  return (
    <Offer
      label="Unsaved draft"
      text={
        <>
          You have unsaved changes to this post from <time dateTime={draft.savedAt}>{formatDateTime(draft.savedAt)}</time>, kept in this
          browser.
        </>
      }
      restoreLabel="Restore draft"
      onRestore={onRestore}
      onDiscard={onDiscard}
      discardLabel="Discard draft"
    />
  );
}

function Offer(props: {
  label: string;
  text: React.ReactNode;
  restoreLabel: string;
  discardLabel?: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div role="region" aria-label={props.label} className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="text-sm font-medium">{props.text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={props.onRestore}>
          {props.restoreLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={props.onDiscard}>
          {props.discardLabel ?? "Discard"}
        </button>
      </div>
    </div>
  );
}

/** Someone else saved the post since it was opened: nothing is written over their save. */
export function ConflictNotice({ current, onReload }: { current: PostVersionState; onReload: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="text-sm font-semibold">Someone else changed this post while you were editing it.</p>
      <p className="mt-1 text-sm">
        {conflictMessage({ ...current, updatedAt: formatDateTime(current.updatedAt) })} Your text here is not saved over theirs: copy what
        you need, then reload the post.
      </p>
      <button type="button" className="btn btn-secondary mt-3" onClick={onReload}>
        Reload the post
      </button>
    </div>
  );
}
