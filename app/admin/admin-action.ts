import { useCallback, useState } from "react";
import { useToast, type ToastOptions } from "~/components/ui/toast";
import { SessionExpiredError } from "./admin-api";

/**
 * One admin change to one item (a submission, a request): the item is `pending` while it runs, then the
 * toast says `done`, or "`failed`: the server's message". An expired session toasts nothing: the sign-in
 * dialog already says so. `run` answers whether the change was made.
 */
export function useAdminAction() {
  const toast = useToast();
  const [pending, setPending] = useState<number | null>(null);
  const run = useCallback(
    async (id: number, work: () => Promise<unknown>, messages: { done: ToastOptions; failed: string }): Promise<boolean> => {
      setPending(id);
      try {
        await work();
        toast(messages.done);
        return true;
      } catch (error) {
        if (!(error instanceof SessionExpiredError)) toast({ title: `${messages.failed}: ${(error as Error).message}`, variant: "destructive" });
        return false;
      } finally {
        setPending(null);
      }
    },
    [toast],
  );
  return { pending, run };
}

/**
 * A panel's change through the API (add, remove, regenerate...): `busy` while it runs, for the panel's
 * buttons. Done: the toast says `success`, then `onDone` (reload the list). Refused with field errors: they
 * go to `onFieldErrors` for the form to show, else the toast says `failure` with the server's message. An
 * expired session toasts nothing (the sign-in dialog already says so). `run` answers `{ value }` when the
 * change was made, null when it was not.
 */
export function useAdminTask(options: { onDone?: () => void; onFieldErrors?: (errors: Record<string, string>) => void } = {}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { onDone, onFieldErrors } = options;
  const run = useCallback(
    async <T>(work: () => Promise<T>, success: string, failure: string): Promise<{ value: T } | null> => {
      setBusy(true);
      try {
        const value = await work();
        toast({ title: success });
        onDone?.();
        return { value };
      } catch (error) {
        const fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
        if (fieldErrors && onFieldErrors) onFieldErrors(fieldErrors);
        else if (!(error instanceof SessionExpiredError)) toast({ title: failure, description: (error as Error).message, variant: "destructive" });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [toast, onDone, onFieldErrors],
  );
  return { busy, run };
}
