import { useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { BlogPostDto } from "~/blog/post/schema";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { draftKey, parseDraft } from "./post-form-state";
import { readStorage } from "./draft-storage";
import type { MarkdownPreview } from "~/core/markdown/markdown-preview.client";
import { BlogPostForm } from "./post-form";
import type { PostWriter } from "./post-writer";

/** What the list passes to the editor through the navigation: where to go back to, and whether to start from the local draft. */
export type EditorEntry = { back?: string; restore?: boolean };

/**
 * Writing on a page of its own (decision 0050; the spec's "Create Post" dialog, made a page for the writer's
 * sake): the title and the text fill the window, the other fields in the closable settings panel. Closing
 * returns to the list as it was (its page, search and filter); with unsaved changes it asks first.
 */
export function PostEditorPage({
  post,
  writer,
  list,
  preview,
}: {
  post: BlogPostDto | null;
  writer: PostWriter;
  list: string;
  /** The saved text's preview, rendered by the loader (on the server's bounded worker). */
  preview?: { source: string } & MarkdownPreview;
}) {
  const navigate = useNavigate();
  const entry = (useLocation().state ?? {}) as EditorEntry;
  const back = entry.back?.startsWith(list) ? entry.back : list;
  const postId = post?.id ?? null;
  // "Restore" in the list's unsaved drafts: the editor starts from the copy this browser kept.
  const restore = useMemo(() => (entry.restore ? parseDraft(readStorage(draftKey(postId))) : null), [entry.restore, postId]);
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const [discarded, setDiscarded] = useState(false);
  const [focusMode, setFocusMode] = useState(false);
  const close = () => {
    dirty.current = false;
    void navigate(back);
  };
  return (
    // The window's height: the text box takes what the bar and the title leave.
    <section
      aria-label={post ? "Edit Post" : "Create Post"}
      className={`flex flex-col bg-white ${focusMode ? "fixed inset-0 z-50" : "h-dvh"}`}
    >
      <BlogPostForm
        post={post}
        preview={preview}
        writer={writer}
        restore={restore}
        focusMode={focusMode}
        onFocusModeChange={setFocusMode}
        onDirtyChange={(value) => {
          dirty.current = value;
        }}
        onSaved={close}
        discarded={discarded}
        onCancel={() => (dirty.current ? setConfirming(true) : close())}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard unsaved changes?"
        description="What you typed in this post has not been saved. A copy stays in this browser until you discard it."
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={() => {
          setDiscarded(true);
          setConfirming(false);
          close();
        }}
      />
    </section>
  );
}
