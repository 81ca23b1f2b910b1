import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState } from "react";
import type { BlogPostDto } from "~/blog/schema";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { forgetDraft } from "./draft-storage";
import { BlogPostForm } from "./post-form";
import type { LocalDraft } from "./post-form-state";
import type { PostWriter } from "./post-writer";

/**
 * The create/edit dialog. `post` null = closed, "new" = create mode, a post = edit mode; `restore` starts it
 * from a local draft. Closing with unsaved changes (Escape, the close button, a click outside, Cancel)
 * asks first.
 */
export function BlogPostDialog({
  post,
  writer,
  restore = null,
  onOpenChange,
  onSaved,
}: {
  post: BlogPostDto | "new" | null;
  writer: PostWriter;
  restore?: LocalDraft | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  // Focus mode: the editor fills the screen.
  const [focusMode, setFocusMode] = useState(false);
  const postId = post === null || post === "new" ? null : post.id;
  const close = () => {
    dirty.current = false;
    setConfirming(false);
    setFocusMode(false);
    onOpenChange(false);
  };
  return (
    <Dialog.Root
      open={post !== null}
      onOpenChange={(open) => {
        // Every way of closing comes through here: with unsaved changes, ask instead.
        if (!open && dirty.current) setConfirming(true);
        else if (!open) close();
        else onOpenChange(open);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed z-50 mx-auto flex flex-col overflow-hidden bg-white shadow-xl ${focusMode ? "inset-0" : "inset-x-2 top-4 bottom-4 max-w-[96rem] rounded-2xl sm:inset-x-6"}`}
        >
          {post !== null ? (
            <BlogPostForm
              key={post === "new" ? "new" : post.id}
              post={post === "new" ? null : post}
              writer={writer}
              restore={restore}
              focusMode={focusMode}
              onFocusModeChange={setFocusMode}
              onDirtyChange={(value) => {
                dirty.current = value;
              }}
              onSaved={() => {
                dirty.current = false;
                onSaved();
              }}
            />
          ) : null}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Discard unsaved changes?"
            description="What you typed in this post has not been saved. A copy stays in this browser until you discard it."
            cancelLabel="Keep editing"
            confirmLabel="Discard changes"
            onConfirm={() => {
              forgetDraft(postId);
              close();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
