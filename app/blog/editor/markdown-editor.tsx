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
import { altFromFileName, uploadPlaceholder } from "~/blog/writing/markdown-format";
import { applyFormat, FormatToolbar, TOOLBAR } from "./format-toolbar";
import { ownEchoes } from "./own-echoes";

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
  /** The id of the element naming the editor ("Content"): its text is the textbox's accessible name. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  editorId?: string;
  ref?: Ref<MarkdownEditorHandle>;
}

export default function MarkdownEditor({
  value,
  onChange,
  upload,
  onUploadError,
  onUploadingChange,
  labelledBy,
  describedBy,
  invalid,
  editorId,
  ref,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  // The texts this editor reported and has not seen back yet: a `value` among them is our own echo (an older one
  // too, see own-echoes.ts), anything else came from outside.
  const echoes = useRef<ReturnType<typeof ownEchoes> | null>(null);
  echoes.current ??= ownEchoes(value);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's listeners (made once).
  const props = useRef({ onChange, upload, onUploadError, onUploadingChange });
  props.current = { onChange, upload, onUploadError, onUploadingChange };
  const uploads = useRef(0);
  const insertFiles = useRef<(files: File[]) => void>(() => {});
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
        // An image is a block of its own: text on its line before or after is set apart by a blank line.
        const line = editor.state.doc.lineAt(from);
        const before = line.text.slice(0, from - line.from).trim() ? "\n\n" : "";
        const after = editor.state.doc
          .lineAt(to)
          .text.slice(to - editor.state.doc.lineAt(to).from)
          .trim()
          ? "\n\n"
          : "";
        editor.dispatch({
          changes: { from, to, insert: before + marker + after },
          selection: { anchor: from + before.length + marker.length },
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
            // The text goes back to what it was: the placeholder leaves with the blank lines it brought.
            const whole = before + marker + after;
            const at = editor.state.doc.toString().indexOf(whole);
            const start = at >= 0 ? at : find();
            if (start >= 0) editor.dispatch({ changes: { from: start, to: start + (at >= 0 ? whole.length : marker.length), insert: "" } });
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
      run: (v: EditorView) => applyFormat(v, t.action),
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
            "aria-labelledby": labelledBy,
            // Says it takes focus (it does, as contenteditable): the scroller around it is then a keyboard-reachable region.
            tabindex: "0",
            spellcheck: "true",
            autocorrect: "on",
            autocapitalize: "sentences",
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            echoes.current!.reported(text);
            props.current.onChange(text);
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
            // Prose is read in the site's own face; the Markdown marks keep their colours from the highlighting.
            "&": { fontSize: "1.0625rem", backgroundColor: "white", height: "100%" },
            ".cm-scroller": { fontFamily: "inherit", lineHeight: "1.7", overflow: "auto" },
            ".cm-content": { padding: "12px 8px", minHeight: "18rem", caretColor: "#0f172a" },
            ".cm-line": { padding: "0 4px" },
            // The focus ring is drawn on the whole editor (toolbar and text), see the wrapper's classes.
            "&.cm-focused": { outline: "none" },
            ".cm-placeholder": { color: "#475569" },
            ".cm-panels": { backgroundColor: "#f8fafc", color: "#0f172a" },
          }),
        ],
      }),
    });
    view.current = editor;
    insertFiles.current = (files) => insertImages(editor, files);
    // Tests and scripts wait for this: from now on typing reaches the editor, not the fallback textarea.
    const marked = wrapper.current;
    marked?.setAttribute("data-editor-ready", "");
    return () => {
      marked?.removeAttribute("data-editor-ready");
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values come in through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a restored draft, a pending revision taken back) replaces the text. Our own
  // echo never does: React may render an older value while newer keystrokes are already in the editor.
  useEffect(() => {
    const editor = view.current;
    if (!editor || echoes.current!.isEcho(value)) return;
    if (editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
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
    <div
      ref={wrapper}
      data-markdown-editor=""
      className="flex min-h-0 flex-col overflow-hidden rounded-lg border border-slate-300 has-[.cm-focused]:border-brand-700 has-[.cm-focused]:ring-2 has-[.cm-focused]:ring-brand-700"
    >
      <FormatToolbar
        onFormat={(action) => {
          // Image asks for a file (uploaded as a pasted one is); the others format the selection.
          if (action === "image") picker.current?.click();
          else if (view.current) applyFormat(view.current, action);
        }}
      />
      <input
        ref={picker}
        type="file"
        accept="image/*"
        aria-label="Image to insert in the text"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])].filter((f) => f.type.startsWith("image/"));
          e.target.value = "";
          if (files.length) insertFiles.current(files);
          else view.current?.focus();
        }}
      />
      <div ref={host} className="min-h-0 flex-1" />
    </div>
  );
}
