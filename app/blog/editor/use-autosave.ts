import { useCallback, useEffect, useRef, useState } from "react";
import { SessionExpiredError, useAdminSession } from "~/admin/admin-api";
import type { BlogPostDto } from "~/blog/post/schema";
import { autosaveDue, autosaveText, draftExcerpt, failureOf, type SaveState } from "./autosave-rules";
import { toRequestBody, type PostFormState } from "./post-form-state";
import type { PostWriter } from "./post-writer";

/** Typing must have stopped this long before the text is sent (issue 35: "a few seconds"). */
const AUTOSAVE_DELAY_MS = 2_000;

export type SaveTarget = { id: number; version: number };

/**
 * Saves the post's title, text and excerpt to the server as the author types (decision records 0039, 0042).
 * A new post is created as a draft (POST /api/blog) once it has a title and some text, then autosaved with
 * PUT /api/admin/posts/{id}/autosave; a live post's text is kept there as its pending revision, not published.
 * Saves run one at a time, each with the version the one before returned, so the editor never conflicts with
 * itself; a 409 (someone else saved) stops autosaving until the post is reloaded.
 */
export function useAutosave({
  post,
  form,
  writer,
  createKey,
  start,
}: {
  post: BlogPostDto | null;
  form: PostFormState;
  writer: PostWriter;
  createKey: string;
  start: PostFormState;
}) {
  const { adminFetch } = useAdminSession();
  const target = useRef<SaveTarget | null>(post ? { id: post.id, version: post.version } : null);
  const latest = useRef(form);
  latest.current = form;
  // What the server holds of this form: the unsaved-changes guard and the local fallback compare with it.
  const [baseline, setBaseline] = useState(start);
  const saved = useRef(autosaveText(start));
  const queue = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<number | undefined>(undefined);
  const stopped = useRef(false);
  const closed = useRef(false);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [createdId, setCreatedId] = useState<number | null>(null);

  const saveLatest = useCallback(
    async (asked: boolean) => {
      const f = latest.current;
      const text = autosaveText(f);
      if (stopped.current || closed.current || text === saved.current) return;
      const at = target.current;
      if (!at && !autosaveDue(f)) {
        if (asked) setState({ kind: "error", message: "Add a title and some text to save a draft." });
        return;
      }
      setState({ kind: "saving" });
      try {
        if (at) {
          const answer = await adminFetch<{ savedAt: string; version: number; pending: boolean }>(`/api/admin/posts/${at.id}/autosave`, {
            method: "PUT",
            json: { title: f.title, content: f.content, excerpt: f.excerpt.trim() ? f.excerpt : undefined, version: at.version },
          });
          at.version = answer.version;
          setBaseline((b) => ({ ...b, title: f.title, content: f.content, excerpt: f.excerpt.trim() ? f.excerpt : b.excerpt }));
          setState({ kind: "saved", at: answer.savedAt, pending: answer.pending });
        } else {
          // The fields a save requires and the author left for later get their defaults; it stays a draft.
          const body = {
            ...toRequestBody(f),
            author: f.author.trim() || writer.name,
            excerpt: f.excerpt.trim() || draftExcerpt(f.content),
            published: false,
          };
          const answer = await adminFetch<{ post: BlogPostDto }>("/api/blog", {
            method: "POST",
            json: body,
            headers: { "Idempotency-Key": createKey },
          });
          target.current = { id: answer.post.id, version: answer.post.version };
          setCreatedId(answer.post.id);
          setBaseline({ ...f, published: start.published });
          setState({ kind: "saved", at: answer.post.updatedAt, pending: false });
        }
        saved.current = text;
      } catch (failure) {
        const found = failureOf(failure, failure instanceof SessionExpiredError);
        if (found.kind === "conflict") stopped.current = true;
        setState(found);
      }
    },
    [adminFetch, createKey, start.published, writer.name],
  );

  /** Queues a save of the text as it is now (each waits for the one before: versions follow in order). */
  const saveNow = useCallback(
    (asked = true) => {
      window.clearTimeout(timer.current);
      queue.current = queue.current.then(() => saveLatest(asked));
      return queue.current;
    },
    [saveLatest],
  );

  // Debounced: a save when typing has stopped for a moment.
  const text = autosaveText(form);
  useEffect(() => {
    if (text === saved.current || stopped.current) return;
    timer.current = window.setTimeout(() => void saveNow(false), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [text, saveNow]);

  // Nothing is sent after the editor closes (a save begun stays in the queue and finishes).
  useEffect(() => {
    closed.current = false; // (set again on a remount, as React's strict mode does)
    return () => {
      closed.current = true;
      window.clearTimeout(timer.current);
    };
  }, []);

  return {
    state,
    baseline,
    createdId,
    /** Waits for saves under way, then gives the post to save over (null: not created yet) and stops autosaving. */
    async settle(): Promise<SaveTarget | null> {
      window.clearTimeout(timer.current);
      await queue.current;
      stopped.current = true;
      return target.current;
    },
    /** After a full save failed: autosaving goes on. */
    resume() {
      if (state.kind !== "conflict") stopped.current = false;
    },
    /** The form now shows this text from the server (a pending revision taken back, or a reloaded post). */
    adopt(next: PostFormState, version?: number) {
      saved.current = autosaveText(next);
      setBaseline(next);
      if (version !== undefined && target.current) target.current.version = version;
      stopped.current = false;
      setState({ kind: "idle" });
    },
    saveNow,
  };
}
