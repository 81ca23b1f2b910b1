import { X } from "lucide-react";

/** The editor page's top row: close, the page's heading, the settings panel's switch and focus mode. */
export function EditorBar({
  heading,
  onClose,
  settingsShown,
  settingsId,
  onSettings,
  focusMode,
  onFocusMode,
}: {
  heading: string;
  onClose: () => void;
  settingsShown: boolean;
  settingsId: string;
  onSettings: () => void;
  focusMode: boolean;
  onFocusMode: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1.5 sm:px-4">
      <button
        type="button"
        aria-label="Close"
        title="Close"
        onClick={onClose}
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
      <h1 tabIndex={-1} className="mr-auto text-lg font-bold focus:outline-none">
        {heading}
      </h1>
      <button type="button" className="btn btn-secondary" aria-expanded={settingsShown} aria-controls={settingsId} onClick={onSettings}>
        Post settings
      </button>
      <button
        type="button"
        // A phone's page is the text already: focus mode is for wide screens.
        className="btn btn-secondary max-sm:hidden aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
        aria-pressed={focusMode}
        onClick={onFocusMode}
      >
        Focus mode
      </button>
    </div>
  );
}
