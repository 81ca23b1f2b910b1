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
