import type { ReactNode } from "react";

/** A list item's button for a change that cannot be undone (remove, revoke): the browser asks `question` first. */
export function ConfirmedButton({
  question,
  disabled,
  onConfirmed,
  children,
}: {
  question: string;
  disabled: boolean;
  onConfirmed: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-secondary min-h-9 px-4 text-red-700"
      disabled={disabled}
      onClick={() => (window.confirm(question) ? onConfirmed() : undefined)}
    >
      {children}
    </button>
  );
}
