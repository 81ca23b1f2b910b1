import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import {
  Bold,
  Code,
  Heading2,
  Image as ImageIcon,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  type LucideIcon,
} from "lucide-react";
import { formatEdit, type FormatAction } from "~/blog/writing/markdown-format";

/** The Markdown editor's formatting toolbar: its buttons, their shortcuts and how an action edits the text. */
export const TOOLBAR: { action: FormatAction; label: string; shortcut?: string; Icon: LucideIcon }[] = [
  { action: "bold", label: "Bold", shortcut: "Mod-b", Icon: Bold },
  { action: "italic", label: "Italic", shortcut: "Mod-i", Icon: Italic },
  { action: "heading", label: "Heading", Icon: Heading2 },
  { action: "link", label: "Link", shortcut: "Mod-k", Icon: LinkIcon },
  { action: "quote", label: "Quote", Icon: Quote },
  { action: "bullet", label: "List", shortcut: "Mod-Shift-8", Icon: List },
  { action: "numbered", label: "Numbered list", shortcut: "Mod-Shift-7", Icon: ListOrdered },
  { action: "code", label: "Code", Icon: Code },
  { action: "image", label: "Image", Icon: ImageIcon },
];

export function applyFormat(view: EditorView, action: FormatAction): boolean {
  const { from, to } = view.state.selection.main;
  const edit = formatEdit(view.state.doc.toString(), from, to, action);
  view.dispatch({
    changes: { from: edit.from, to: edit.to, insert: edit.insert },
    selection: EditorSelection.single(edit.anchor, edit.head),
    scrollIntoView: true,
    userEvent: "input.format",
  });
  view.focus();
  return true;
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const shortcutLabel = (shortcut: string) =>
  shortcut
    .replace("Mod", isMac() ? "Cmd" : "Ctrl")
    .replace(/-/g, "+")
    .replace(/\+([a-z])$/, (_, k: string) => `+${k.toUpperCase()}`);

/** One tab stop; a button does not take the editor's focus, and `onFormat` says which was pressed. */
export function FormatToolbar({ onFormat }: { onFormat: (action: FormatAction) => void }) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex gap-0.5 overflow-x-auto border-b border-slate-200 bg-slate-50 p-1"
      onKeyDown={toolbarArrows}
    >
      {TOOLBAR.map((item, i) => (
        <button
          key={item.action}
          type="button"
          tabIndex={i === 0 ? 0 : -1}
          aria-label={item.label}
          aria-keyshortcuts={item.shortcut?.replace("Mod", isMac() ? "Meta" : "Control").replace(/-/g, "+")}
          title={item.shortcut ? `${item.label} (${shortcutLabel(item.shortcut)})` : item.label}
          className="grid size-8 shrink-0 place-items-center rounded text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
          // Keep the editor's selection: the button does not take focus on a click.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onFormat(item.action)}
        >
          <item.Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}

/** Arrow keys move along the toolbar (one tab stop), as a toolbar's keyboard pattern has it. */
function toolbarArrows(event: React.KeyboardEvent<HTMLDivElement>) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? buttons.length - 1
        : (at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
  buttons[next]!.focus();
}
