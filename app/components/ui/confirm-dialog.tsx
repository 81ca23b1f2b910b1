import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * A question before something that cannot be undone (delete, discard). Above the editor's dialog (z-50),
 * below the session's sign-in dialog (z-60), so it can be asked from inside the editor.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  detail,
  cancelLabel = "Cancel",
  confirmLabel,
  busy = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  detail?: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-slate-950/60" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-[56] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{description}</Dialog.Description>
          {detail ? <p className="mt-2 break-words font-semibold">{detail}</p> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close className="btn btn-secondary">{cancelLabel}</Dialog.Close>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
