/**
 * The Markdown editor's toolbar and shortcut transforms, as pure functions of the text and the selection, so
 * they are tested without an editor: each returns the replaced range, its new text and the selection after.
 */
export type FormatAction = "bold" | "italic" | "heading" | "link" | "quote" | "bullet" | "numbered" | "code" | "image";

export interface FormatEdit {
  from: number;
  to: number;
  insert: string;
  /** The selection after the edit, in the new text. */
  anchor: number;
  head: number;
}

const WRAP: Partial<Record<FormatAction, [string, string, string]>> = {
  bold: ["**", "**", "bold text"],
  italic: ["*", "*", "italic text"],
  code: ["`", "`", "code"],
};

/** The edit one toolbar button (or its shortcut) makes to `doc` with the selection `from`..`to`. */
export function formatEdit(doc: string, from: number, to: number, action: FormatAction): FormatEdit {
  const wrap = WRAP[action];
  const selected = doc.slice(from, to);
  if (wrap) {
    const [open, close, placeholder] = wrap;
    // Already wrapped: the button takes the markers off again.
    if (doc.slice(from - open.length, from) === open && doc.slice(to, to + close.length) === close && selected) {
      return { from: from - open.length, to: to + close.length, insert: selected, anchor: from - open.length, head: to - open.length };
    }
    const text = selected || placeholder;
    return { from, to, insert: open + text + close, anchor: from + open.length, head: from + open.length + text.length };
  }
  if (action === "link") {
    const text = selected || "link text";
    const url = "https://";
    const insert = `[${text}](${url})`;
    // With text chosen, the cursor goes to the address; without, the text is selected to type over.
    return selected
      ? { from, to, insert, anchor: from + text.length + 3, head: from + text.length + 3 + url.length }
      : { from, to, insert, anchor: from + 1, head: from + 1 + text.length };
  }
  if (action === "image") {
    const alt = selected || "image description";
    const insert = `![${alt}](https://)`;
    return { from, to, insert, anchor: from + 2, head: from + 2 + alt.length };
  }
  return linePrefixEdit(doc, from, to, action);
}

function linePrefixEdit(doc: string, from: number, to: number, action: FormatAction): FormatEdit {
  const start = doc.lastIndexOf("\n", from - 1) + 1;
  const endAt = doc.indexOf("\n", to);
  const end = endAt === -1 ? doc.length : endAt;
  const lines = doc.slice(start, end).split("\n");
  const prefix = (i: number) => (action === "heading" ? "## " : action === "quote" ? "> " : action === "bullet" ? "- " : `${i + 1}. `);
  const pattern = action === "heading" ? /^#{1,6} / : action === "quote" ? /^> ?/ : action === "bullet" ? /^[-*+] / : /^\d+[.)] /;
  // Every line already has it: the button takes it off, otherwise it goes on each line.
  const all = lines.every((line) => pattern.test(line));
  const next = lines.map((line, i) => (all ? line.replace(pattern, "") : prefix(i) + line.replace(/^(#{1,6} |> ?|[-*+] |\d+[.)] )/, "")));
  const insert = next.join("\n");
  if (lines.length === 1) {
    const shift = insert.length - lines[0]!.length;
    const cursor = Math.max(start, to + shift);
    return { from: start, to: end, insert, anchor: from === to ? cursor : Math.max(start, from + shift), head: cursor };
  }
  return { from: start, to: end, insert, anchor: start, head: start + insert.length };
}

/** The text shown while an image uploads; unique, so it is found and replaced (or removed) when the upload ends. */
export function uploadPlaceholder(name: string, n: number): string {
  return `![Uploading ${name.replace(/[[\]\n]/g, "") || "image"}…](#upload-${n})`;
}

/** The alt text an uploaded image starts with: its file name without extension, for the author to type over. */
export function altFromFileName(name: string): string {
  const base = name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .replace(/[[\]\n]/g, "")
    .trim();
  return base && !/^image$/i.test(base) ? base : "Describe the image";
}
