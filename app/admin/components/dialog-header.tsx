import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";

/** The title bar of an admin editing dialog, with its close button. */
export function AdminDialogHeader({ title }: { title: string }) {
  return (
    <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
      <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
      <Dialog.Close
        aria-label="Close"
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="size-5" />
      </Dialog.Close>
    </div>
  );
}
