import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast, type ToastOptions } from "~/components/ui/toast";
import { AdminApiError, SessionExpiredError } from "./admin-api";

export type TaskMessages = {
  /** The toast once the change is made. */
  done: string | ToastOptions;
  /** The start of the toast when it is not: "`failed`: the error's message" (the spec's "Failed to update status: {message}"). */
  failed: string;
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
export function useAdminTask(options: { onDone?: () => void; onFieldErrors?: (errors: Record<string, string>) => void } = {}) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [running, setRunning] = useState<{ key: number | null } | null>(null);
  const { onDone, onFieldErrors } = options;
  const run = useCallback(
    async <T>(work: () => Promise<T>, messages: TaskMessages): Promise<{ value: T } | null> => {
      setRunning({ key: messages.key ?? null });
      try {
        const value = await work();
        toast(typeof messages.done === "string" ? { title: messages.done } : messages.done);
        onDone?.();
        await revalidate();
        return { value };
      } catch (error) {
        const fieldErrors = error instanceof AdminApiError ? error.fieldErrors : undefined;
        if (fieldErrors && onFieldErrors) onFieldErrors(fieldErrors);
        else if (!(error instanceof SessionExpiredError)) toast({ title: `${messages.failed}: ${(error as Error).message}`, variant: "destructive" });
        return null;
      } finally {
        setRunning(null);
      }
    },
    [toast, onDone, onFieldErrors, revalidate],
  );
  return { busy: running !== null, pending: running?.key ?? null, run };
}
