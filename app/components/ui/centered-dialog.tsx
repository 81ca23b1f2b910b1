import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** Where a dialog stacks: a question above the editor's dialog (z-50), the session's sign-in above everything. */
const LAYERS = {
  question: { overlay: "z-[55]", content: "z-[56]" },
  session: { overlay: "z-[60]", content: "z-[61]" },
};

/** A small dialog in the middle of the window over the dimmed page (a confirmation, signing in again). */
export function CenteredDialog({
  open,
  onOpenChange,
  layer,
  role,
  onOpenAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  layer: keyof typeof LAYERS;
  role?: "alertdialog";
  onOpenAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${LAYERS[layer].overlay} bg-slate-950/60`} />
        <Dialog.Content
          // Radix gives the content role="dialog"; an undefined role would replace it.
          {...(role ? { role } : {})}
          onOpenAutoFocus={onOpenAutoFocus}
          className={`fixed left-1/2 top-1/2 ${LAYERS[layer].content} w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl`}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
