/**
 * The post's Markdown editor: CodeMirror 6 with the Markdown language, a formatting toolbar and its shortcuts,
 * undo/redo, soft wrap, search, and images by paste and drop (uploaded while a placeholder shows). Loaded
 * only when the editor opens (content-field.tsx imports it with React.lazy), so no public page carries it.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { markdown } from "@codemirror/lang-markdown";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { highlightSelectionMatches, search, searchKeymap } from "@codemirror/search";
import { EditorSelection, EditorState, Prec } from "@codemirror/state";
import { drawSelection, EditorView, keymap, placeholder as placeholderText } from "@codemirror/view";
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { altFromFileName, formatEdit, uploadPlaceholder, type FormatAction } from "~/blog/markdown-format";

export interface MarkdownEditorHandle {
  focus: () => void;
}

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Uploads an image to the media library: its address, or throws with the server's message. */
  upload: (file: File) => Promise<string>;
  onUploadError: (message: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  editorId?: string;
  ref?: Ref<MarkdownEditorHandle>;
}

const TOOLBAR: {
  action: FormatAction;
  label: string;
  shortcut?: string;
  text: string;
}[] = [
  { action: "bold", label: "Bold", shortcut: "Mod-b", text: "B" },
  { action: "italic", label: "Italic", shortcut: "Mod-i", text: "I" },
  { action: "heading", label: "Heading", text: "H" },
  { action: "link", label: "Link", shortcut: "Mod-k", text: "Link" },
  { action: "quote", label: "Quote", text: "❝" },
  { action: "bullet", label: "List", shortcut: "Mod-Shift-8", text: "•" },
  {
    action: "numbered",
    label: "Numbered list",
    shortcut: "Mod-Shift-7",
    text: "1.",
  },
  { action: "code", label: "Code", text: "</>" },
  { action: "image", label: "Image", text: "Img" },
];

function apply(view: EditorView, action: FormatAction): boolean {
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

export default function MarkdownEditor({
  value,
  onChange,
  upload,
  onUploadError,
  onUploadingChange,
  label,
  describedBy,
  invalid,
  editorId,
  ref,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's listeners (made once).
  const props = useRef({ onChange, upload, onUploadError, onUploadingChange });
  props.current = { onChange, upload, onUploadError, onUploadingChange };
  const uploads = useRef(0);
  const active = useRef(0);

  useImperativeHandle(ref, () => ({ focus: () => view.current?.focus() }), []);

  useEffect(() => {
    const insertImages = (editor: EditorView, files: File[], at?: number) => {
      for (const file of files) {
        const n = ++uploads.current;
        const marker = uploadPlaceholder(file.name, n);
        const sel = editor.state.selection.main;
        const from = at ?? sel.from;
        const to = at ?? sel.to;
        editor.dispatch({
          changes: { from, to, insert: marker },
          selection: { anchor: from + marker.length },
          userEvent: "input.paste",
        });
        active.current++;
        props.current.onUploadingChange?.(true);
        const find = () => editor.state.doc.toString().indexOf(marker);
        props.current
          .upload(file)
          .then((url) => {
            const start = find();
            if (start < 0) return; // the author deleted the placeholder: nothing to put back
            const alt = altFromFileName(file.name);
            const text = `![${alt}](${url})`;
            editor.dispatch({
              changes: { from: start, to: start + marker.length, insert: text },
              selection: EditorSelection.single(start + 2, start + 2 + alt.length),
            });
            editor.focus();
          })
          .catch((failure: unknown) => {
            const start = find();
            if (start >= 0)
              editor.dispatch({
                changes: { from: start, to: start + marker.length, insert: "" },
              });
            props.current.onUploadError((failure as Error)?.message || "The image could not be uploaded");
          })
          .finally(() => {
            active.current--;
            if (active.current === 0) props.current.onUploadingChange?.(false);
          });
      }
    };
    const images = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith("image/"));

    const formatKeys = TOOLBAR.filter((t) => t.shortcut).map((t) => ({
      key: t.shortcut!,
      run: (v: EditorView) => apply(v, t.action),
      preventDefault: true,
    }));
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.high(keymap.of(formatKeys)),
          history(),
          drawSelection(),
          markdown(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          search({ top: true }),
          highlightSelectionMatches(),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
          EditorView.lineWrapping,
          placeholderText("Write your post here. Markdown works: **bold**, *italic*, ## headings…"),
          EditorView.contentAttributes.of({
            "aria-label": label,
            spellcheck: "true",
            autocorrect: "on",
            autocapitalize: "sentences",
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) props.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste(event, v) {
              const files = images(event.clipboardData?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              insertImages(v, files);
              return true;
            },
            drop(event, v) {
              const files = images(event.dataTransfer?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              const at = v.posAtCoords({ x: event.clientX, y: event.clientY });
              insertImages(v, files, at ?? undefined);
              return true;
            },
          }),
          EditorView.theme({
            "&": { fontSize: "1rem", backgroundColor: "white" },
            ".cm-content": {
              fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
              padding: "12px 4px",
              minHeight: "16rem",
              caretColor: "#0f172a",
            },
            "&.cm-focused": {
              outline: "2px solid #1d4ed8",
              outlineOffset: "2px",
            },
            ".cm-placeholder": { color: "#475569" },
            ".cm-panels": { backgroundColor: "#f8fafc", color: "#0f172a" },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values come in through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a restored draft, a pending revision taken back) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({
        changes: { from: 0, to: editor.state.doc.length, insert: value },
      });
  }, [value]);

  // Labels and error state on the editable element itself.
  useEffect(() => {
    const content = view.current?.contentDOM;
    if (!content) return;
    if (describedBy) content.setAttribute("aria-describedby", describedBy);
    else content.removeAttribute("aria-describedby");
    if (invalid) content.setAttribute("aria-invalid", "true");
    else content.removeAttribute("aria-invalid");
    if (editorId) content.id = editorId;
  }, [describedBy, invalid, editorId]);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-300">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1" onKeyDown={toolbarArrows}>
        {TOOLBAR.map((item, i) => (
          <button
            key={item.action}
            type="button"
            tabIndex={i === 0 ? 0 : -1}
            aria-label={item.label}
            aria-keyshortcuts={item.shortcut?.replace("Mod", isMac() ? "Meta" : "Control").replace(/-/g, "+")}
            title={item.shortcut ? `${item.label} (${shortcutLabel(item.shortcut)})` : item.label}
            className="min-h-10 min-w-10 rounded px-2 text-sm font-semibold text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
            // Keep the editor's selection: the button does not take focus on a click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => view.current && apply(view.current, item.action)}
          >
            <span aria-hidden="true" className={item.action === "italic" ? "italic" : undefined}>
              {item.text}
            </span>
          </button>
        ))}
      </div>
      <div ref={host} />
    </div>
  );
}

/** Arrow keys move along the toolbar (one tab stop), as a toolbar's keyboard pattern has it. */
function toolbarArrows(event: React.KeyboardEvent<HTMLDivElement>) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : (at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
  buttons[next]!.focus();
}
