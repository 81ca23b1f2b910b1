import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast, type ToastOptions } from "~/components/ui/toast";
import { AdminApiError, SessionExpiredError } from "./admin-api";

export type TaskMessages<T = unknown> = {
  /** The toast once the change is made (or made from the answer: the server's own words). */
  done: string | ToastOptions | ((value: T) => string);
  /**
   * The toast when it is not: "`failed`: the error's message" (the spec's "Failed to update status: {message}"),
   * or, given `{ title }`, that title with the message below it.
   */
  failed: string | { title: string };
  /** The item the change is about (a submission, a request), `pending` while it runs. */
  key?: number;
};

/**
 * The admin's one way to make a change (decision 0095): `work` calls the admin API's action through
 * `adminFetch` (the server checks the role), `busy` while it runs, and `pending` names its item. Done: the
 * toast says `done`, `onDone` runs (close a form) and the page's loaders run again, so the section shows what
 * changed. Refused with field errors: they go to `onFieldErrors` for the form to show; else the toast says
 * "`failed`: message". An expired session toasts nothing (the sign-in dialog already says so). `run` answers
 * `{ value }` when the change was made, null when it was not: no panel needs a catch block of its own.
 */
export function useAdminTask(
  options: {
    onDone?: () => void;
    onFieldErrors?: (errors: Record<string, string>) => void;
    /** Field errors are shown on the form and said in the toast too (a long form in a dialog). */
    toastFieldErrors?: boolean;
  } = {},
) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [running, setRunning] = useState<{ key: number | null } | null>(null);
  const { onDone, onFieldErrors, toastFieldErrors = false } = options;
  const run = useCallback(
    async <T>(work: () => Promise<T>, messages: TaskMessages<T>): Promise<{ value: T } | null> => {
      setRunning({ key: messages.key ?? null });
      try {
        const value = await work();
        const done = typeof messages.done === "function" ? messages.done(value) : messages.done;
        toast(typeof done === "string" ? { title: done } : done);
        onDone?.();
        await revalidate();
        return { value };
      } catch (error) {
        const fieldErrors = error instanceof AdminApiError ? error.fieldErrors : undefined;
        if (fieldErrors && onFieldErrors) onFieldErrors(fieldErrors);
        const said = fieldErrors && onFieldErrors && !toastFieldErrors;
        if (!said && !(error instanceof SessionExpiredError)) toast(failureToast(messages.failed, (error as Error).message));
        return null;
      } finally {
        setRunning(null);
      }
    },
    [toast, onDone, onFieldErrors, toastFieldErrors, revalidate],
  );
  return { busy: running !== null, pending: running?.key ?? null, run };
}

function failureToast(failed: TaskMessages["failed"], message: string): ToastOptions {
  return typeof failed === "string" ? { title: `${failed}: ${message}`, variant: "destructive" } : { title: failed.title, description: message, variant: "destructive" };
}
