import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { CenteredDialog } from "./centered-dialog";

/**
 * A question before something that cannot be undone (delete, discard). Above the editor's dialog, below the
 * session's sign-in dialog (CenteredDialog's layers), so it can be asked from inside the editor.
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
    <CenteredDialog open={open} onOpenChange={onOpenChange} layer="question" role="alertdialog">
      <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
      <Dialog.Description className="mt-2 text-slate-700">{description}</Dialog.Description>
      {detail ? <p className="mt-2 break-words font-semibold">{detail}</p> : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Dialog.Close className="btn btn-secondary">{cancelLabel}</Dialog.Close>
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </CenteredDialog>
  );
}
