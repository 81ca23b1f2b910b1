import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast, type ToastOptions } from "~/components/ui/toast";
import { AdminApiError, problemText, SessionExpiredError } from "./admin-api";

export type TaskMessages<T = unknown> = {
  /** The toast once the change is made (or made from the answer: the server's own words); none: no toast. */
  done?: string | ToastOptions | ((value: T) => string | ToastOptions);
  /**
   * The toast when it is not: "`failed`: the error's message" (the spec's "Failed to update status: {message}"),
   * given `{ title }`, that title with the message below it, given `{ title, description }` those words alone
   * (the AI admin's "Error" / "Failed to submit sitemaps"; null: the title alone; a function: its words for the
   * error, the image upload's server message without its status). Not needed where the panel says it inline.
   */
  failed?: string | { title: string; description?: string | null | ((error: unknown) => string) };
  /** The item the change is about (a submission, a request), `pending` while it runs. */
  key?: number;
};

/**
 * The admin's one way to make a change (decision 0095): `work` calls the admin API's action through
 * `adminFetch` (the server checks the role), `busy` while it runs, and `pending` names its item. Done: the
 * toast says `done`, `onDone` runs (close a form) and the page's loaders run again, so the section shows what
 * changed. Refused with field errors: they go to `onFieldErrors` for the form to show; else the toast says
 * "`failed`: message", or, with `inline`, `problem` holds the words for the panel to show beside the form (Security's
 * forms, the editor's notices) until the next run. An expired session says nothing of its own (the sign-in dialog
 * already does). `run` answers `{ value }` when the change was made, null when it was not: no panel needs a catch
 * block of its own.
 */
export function useAdminTask(
  options: {
    onDone?: () => void;
    onFieldErrors?: (errors: Record<string, string>) => void;
    /** Field errors are shown on the form and said in the toast too (a long form in a dialog). */
    toastFieldErrors?: boolean;
    /** A refusal is said beside the form (`problem`), not in a toast; given a function, in its words. */
    inline?: boolean | ((error: unknown) => string);
    /** Refused (not an ended session): what else follows, after the toast (a draft whose post is gone is discarded). */
    onRefused?: (error: unknown) => void;
    /** Whether the page's loaders run again once done (not for a change the panel shows itself, an autosave). */
    revalidate?: boolean;
  } = {},
) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [running, setRunning] = useState<{ key: number | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { onDone, onFieldErrors, onRefused, toastFieldErrors = false, inline, revalidate: reload = true } = options;
  const run = useCallback(
    async <T>(work: () => Promise<T>, messages: TaskMessages<T> = {}): Promise<{ value: T } | null> => {
      setRunning({ key: messages.key ?? null });
      setProblem(null);
      try {
        const value = await work();
        const done = typeof messages.done === "function" ? messages.done(value) : messages.done;
        if (done !== undefined) toast(typeof done === "string" ? { title: done } : done);
        onDone?.();
        if (reload) await revalidate();
        return { value };
      } catch (error) {
        if (error instanceof SessionExpiredError) return null;
        const fieldErrors = error instanceof AdminApiError ? error.fieldErrors : undefined;
        if (fieldErrors && onFieldErrors) onFieldErrors(fieldErrors);
        const said = fieldErrors && onFieldErrors && !toastFieldErrors;
        if (inline) setProblem(typeof inline === "function" ? inline(error) : problemText(error));
        else if (!said) toast(failureToast(messages.failed, error));
        onRefused?.(error);
        return null;
      } finally {
        setRunning(null);
      }
    },
    [toast, onDone, onFieldErrors, onRefused, toastFieldErrors, inline, reload, revalidate],
  );
  return { busy: running !== null, pending: running?.key ?? null, problem, run };
}

function failureToast(failed: TaskMessages["failed"], error: unknown): ToastOptions {
  const message = (error as Error).message;
  if (failed === undefined) return { title: message, variant: "destructive" };
  if (typeof failed === "string") return { title: `${failed}: ${message}`, variant: "destructive" };
  const { description } = failed;
  const words = description === undefined ? message : typeof description === "function" ? description(error) : (description ?? undefined);
  return { title: failed.title, description: words, variant: "destructive" };
}
