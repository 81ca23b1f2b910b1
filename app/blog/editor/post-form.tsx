import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useAdminSession } from "~/admin/admin-api";
import { useAdminTask } from "~/admin/admin-action";
import type { BlogPostDto } from "~/blog/post/schema";
import { inputClass, useFieldErrors } from "~/admin/components/field";
import type { MarkdownPreview } from "~/core/markdown/markdown-preview.client";
import { ContentField } from "./content-field";
import { EditorBar } from "./editor-bar";
import type { MarkdownEditorHandle } from "./markdown-editor";
import { forgetDraft, readStorage, writeStorage } from "./draft-storage";
import {
  draftKey,
  hasChanges,
  initialPostForm,
  newIdempotencyKey,
  parseDraft,
  serializeDraft,
  toRequestBody,
  type LocalDraft,
  type PostFormState,
} from "./post-form-state";
import { PostSettingsPanel } from "./post-settings-panel";
import { ConflictNotice, LocalOffer, PendingOffer, SaveStatus } from "./save-notices";
import { useAutosave } from "./use-autosave";
import { usePostFormErrors } from "./use-post-form-errors";
import { writerChoosesAuthor, writerPublishes, type PostWriter } from "./post-writer";

const LOCAL_COPY_MS = 400;

/** The editor's form: every field of a post, the local draft it keeps, and the save. */
export function BlogPostForm({
  post,
  preview,
  writer,
  restore,
  onDirtyChange,
  onSaved,
  onCancel,
  focusMode = false,
  onFocusModeChange = () => {},
  discarded = false,
}: {
  focusMode?: boolean;
  /** The author chose to discard the changes: this browser's copy is forgotten, and none is written while the editor closes. */
  discarded?: boolean;
  onFocusModeChange?: (on: boolean) => void;
  post: BlogPostDto | null;
  preview?: { source: string } & MarkdownPreview;
  writer: PostWriter;
  restore: LocalDraft | null;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => void;
  /** Close without saving (the page asks first when something is unsaved). */
  onCancel: () => void;
}) {
  const { adminFetch } = useAdminSession();
  const postId = post?.id ?? null;
  // A new post is the writer's own, and a contributor's is a draft (only authors and up publish).
  const start = useMemo(() => {
    const initial = initialPostForm(post);
    if (post) return initial;
    return {
      ...initial,
      authorId: writerChoosesAuthor(writer) ? String(writer.id) : "",
      published: initial.published && writerPublishes(writer),
    };
  }, [post, writer]);
  const [form, setForm] = useState<PostFormState>(() => (restore ? { ...start, ...restore.form, upload: null } : start));
  // A draft left from before (a reload, a crashed tab), offered back when the editor opens.
  const [offered, setOffered] = useState<LocalDraft | null>(null);
  const { errors, showErrors, validate } = usePostFormErrors(form);
  const [uploading, setUploading] = useState(false);
  const [contentTab, setContentTab] = useState("edit");
  const formRef = useRef<HTMLFormElement>(null);
  const editorRef = useRef<MarkdownEditorHandle>(null);
  // The fields other than the title and text: beside the text on wide screens (open), below it on a phone (closed,
  // so the text has the window).
  const [settingsOpen, setSettingsOpen] = useState(true);
  useEffect(() => {
    if (window.matchMedia("(max-width: 1023px)").matches) setSettingsOpen(false);
  }, []);
  // One key per new post: a save retried after a lost answer (or clicked twice) cannot make it twice.
  const [createKey] = useState(newIdempotencyKey);
  const fields = useFieldErrors(errors);
  const { id, field, error } = fields;

  const set = <K extends keyof PostFormState>(key: K, value: PostFormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const autosave = useAutosave({ post, form, writer, createKey, start });
  // Unsaved = what the server does not hold yet (the text autosaved is not).
  const dirty = hasChanges(form, autosave.baseline);
  // A new post, once autosaved, is saved over by id; its local copy moves to that id.
  const savedId = postId ?? autosave.createdId;

  useEffect(() => {
    if (restore) return;
    const stored = parseDraft(readStorage(draftKey(postId)));
    if (stored && hasChanges(stored.form, start)) setOffered(stored);
  }, [postId, restore, start]);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  // The offline fallback: what the server does not hold yet is kept in this browser, and forgotten once it does.
  // (A copy found on opening stays until the author restores or discards it, or the server has saved.)
  const serverSaved = autosave.state.kind === "saved";
  const saved = useRef(false);
  useEffect(() => {
    if (autosave.createdId !== null) forgetDraft(null);
    // Discarded: the copy goes, under the id the autosave may have given a new post (the page knows only the
    // address's), and none is written while the editor stays on screen until the list has loaded (one was, 35 ms
    // after the discard, when a change had set the timer just before it).
    if (discarded) return forgetDraft(savedId);
    if (!dirty) return serverSaved ? forgetDraft(savedId) : undefined;
    // Not once the post is saved and the editor is closing: a copy written then would be offered back as unsaved.
    const timer = window.setTimeout(() => saved.current || writeStorage(draftKey(savedId), serializeDraft(savedId, form)), LOCAL_COPY_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, form, savedId, serverSaved, autosave.createdId, discarded]);

  // The save and the reload say their errors the admin's one way (decision 0095); the editor closes itself, so
  // no loader needs to run again. The server's field messages show in place and in the toast.
  const saveTask = useAdminTask({ onFieldErrors: showErrors, toastFieldErrors: true, revalidate: false });
  const reloadTask = useAdminTask({ revalidate: false });
  const saving = saveTask.busy;

  /** Text from the server goes into the editor as saved: a pending revision taken back. */
  function adoptText(text: Pick<PostFormState, "title" | "content" | "excerpt">) {
    const next = { ...form, ...text };
    setForm(next);
    autosave.adopt({ ...autosave.baseline, ...text });
  }

  /** After someone else's save: the post as it is now replaces what this editor shows. */
  async function reload() {
    if (savedId === null) return;
    const fresh = await reloadTask.run(() => adminFetch<BlogPostDto>(`/api/blog/${savedId}`), {
      failed: { title: "Failed to reload the post" },
    });
    if (!fresh) return;
    const next = initialPostForm(fresh.value);
    setForm(next);
    autosave.adopt(next, fresh.value.version);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    const body = toRequestBody(form);
    const found = validate(form);
    showErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.content) setContentTab("edit");
      const inMain = ["title", "content"];
      if (Object.keys(found).some((k) => !inMain.includes(k))) {
        setSettingsOpen(true);
        onFocusModeChange(false);
      }
      // Focus the first field in error, in the order they appear.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const done = await saveTask.run(
      async () => {
        // Saves under way finish first; their version is the one this save is checked against.
        const target = await autosave.settle();
        if (target) await adminFetch(`/api/blog/${target.id}`, { method: "PUT", json: { ...body, version: target.version } });
        else await adminFetch("/api/blog", { method: "POST", json: body, headers: { "Idempotency-Key": createKey } });
      },
      {
        done: post ? "Blog post updated successfully" : "Blog post created successfully",
        failed: { title: post ? "Failed to update blog post" : "Failed to create blog post" },
      },
    );
    // Refused: the editor stays open with everything typed, and autosaving goes on.
    if (!done) return autosave.resume();
    saved.current = true;
    forgetDraft(savedId);
    // A new post's copy was kept under the new-post key until the autosave gave it an id.
    if (!post) forgetDraft(null);
    onSaved();
  }

  return (
    <>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="flex min-h-0 flex-1 flex-col"
        onKeyDown={(e) => {
          // Ctrl/Cmd+S saves now, from any field (as the autosave does: a live post is not published by it).
          if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "s") {
            e.preventDefault();
            void autosave.saveNow();
          }
        }}
      >
        <EditorBar
          heading={post ? "Edit Post" : "Create Post"}
          onClose={onCancel}
          settingsShown={settingsOpen && !focusMode}
          settingsId={`${id}-settings`}
          onSettings={() => {
            if (focusMode) onFocusModeChange(false);
            setSettingsOpen(!(settingsOpen && !focusMode));
          }}
          focusMode={focusMode}
          onFocusMode={() => {
            onFocusModeChange(!focusMode);
            requestAnimationFrame(() => editorRef.current?.focus());
          }}
        />
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
          <div
            className={`flex min-h-[70dvh] flex-1 flex-col gap-3 px-4 py-3 sm:px-6 lg:min-h-0 lg:overflow-y-auto ${focusMode ? "mx-auto w-full max-w-7xl" : ""}`}
          >
            {autosave.state.kind === "conflict" ? <ConflictNotice current={autosave.state.current} onReload={() => void reload()} /> : null}
            {post && !restore ? (
              <PendingOffer post={post} onRestore={(p) => adoptText({ title: p.title, content: p.content, excerpt: p.excerpt })} />
            ) : null}
            {offered ? (
              <LocalOffer
                draft={offered}
                onRestore={() => {
                  setForm({ ...start, ...offered.form, upload: null });
                  setOffered(null);
                }}
                onDiscard={() => {
                  forgetDraft(postId);
                  setOffered(null);
                }}
              />
            ) : null}
            {/* The title first, large, named by its placeholder's word (the label is for screen readers). */}
            <div className="grid gap-1">
              <label htmlFor={`${id}-title`} className="sr-only">
                Title
              </label>
              <input
                {...field("title")}
                placeholder="Title"
                className={`${inputClass} text-xl font-bold`}
                value={form.title}
                onChange={(e) => set("title", e.target.value)}
                required
              />
              {error("title")}
            </div>
            <ContentField
              content={form.content}
              onChange={(content) => set("content", content)}
              tab={contentTab}
              onTabChange={setContentTab}
              fields={fields}
              onUploadingChange={setUploading}
              editorRef={editorRef}
              initialPreview={preview}
            />
          </div>
          <PostSettingsPanel
            id={id}
            hidden={!settingsOpen || focusMode}
            onClose={() => setSettingsOpen(false)}
            form={form}
            setForm={setForm}
            post={post}
            writer={writer}
            fields={fields}
            onUploadingChange={setUploading}
            onSaved={onSaved}
          />
        </div>
        {errors._form ? (
          <p role="alert" className="px-6 text-sm text-red-700">
            {errors._form}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-t border-slate-200 px-4 py-3 sm:px-6">
          {/* On a phone the status has a row of its own and the two buttons stay together. */}
          <div className="w-full sm:mr-auto sm:w-auto">
            <SaveStatus state={autosave.state} />
          </div>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          {/* aria-disabled, not disabled: a disabled button drops focus to <body>. */}
          <button type="submit" className="btn btn-primary aria-disabled:opacity-60" aria-disabled={saving || uploading || undefined}>
            {saving ? "Saving..." : post ? "Update Post" : "Create Post"}
          </button>
        </div>
      </form>
    </>
  );
}
