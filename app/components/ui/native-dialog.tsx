import { X } from "lucide-react";
import { useId, type ReactNode } from "react";

// Invoker commands (HTML `commandfor` / `command`) are not in React's types yet; React passes
// lowercase attributes through to the HTML as they are.
declare module "react" {
  // The merged declaration must repeat React's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}

/**
 * A button that opens a modal `<dialog>` through the browser's invoker commands: no JavaScript
 * (content pages are never hydrated). The browser moves focus into the dialog, makes the page
 * behind it inert, closes it on Escape and returns focus to the button.
 */
export function DialogButton({
  label,
  buttonClassName,
  icon,
  title,
  lead,
  children,
  wide = false,
}: {
  label: string;
  buttonClassName: string;
  icon?: ReactNode;
  title: string;
  lead?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  const dialogId = `dialog${id.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const titleId = `${dialogId}-title`;
  return (
    <>
      <button type="button" commandfor={dialogId} command="show-modal" aria-haspopup="dialog" className={buttonClassName}>
        {icon}
        {label}
      </button>
      <dialog
        id={dialogId}
        aria-labelledby={titleId}
        closedby="any"
        className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${wide ? "max-w-4xl" : "max-w-md"} overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/75`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div>
            <h2 id={titleId} className="text-lg font-extrabold tracking-tight sm:text-xl">
              {title}
            </h2>
            {lead ? <p className="mt-1 text-sm leading-6 text-slate-600">{lead}</p> : null}
          </div>
          <button
            type="button"
            commandfor={dialogId}
            command="close"
            className="-mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <div className="px-5 py-5 sm:px-6">{children}</div>
      </dialog>
    </>
  );
}
