import { MAX_MESSAGE_CHARS, MAX_STACK_CHARS } from "./event";

/**
 * How error events are grouped into issues (pure, decision record 0073): the fingerprint is the error's type,
 * its message with the volatile parts taken out (numbers, ids, hex, quoted values, URLs' query strings), and
 * the top frame of its stack (file and function, without line or column, so a rebuild keeps the group).
 */

/** The message with what changes from one occurrence to the next replaced by placeholders. */
export function normalizeMessage(message: string): string {
  return message
    .slice(0, MAX_MESSAGE_CHARS)
    .replace(/(https?:\/\/[^\s?#"')]+|\/[\w./-]*)\?[^\s#"')]*/g, "$1?…")
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>")
    .replace(/\b0x[0-9a-f]+\b/gi, "<hex>")
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, "<hex>")
    .replace(/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{16,}(?![\w-])/g, "<id>")
    .replace(/\d+(\.\d+)?/g, "<n>")
    .replace(/\s+/g, " ")
    .trim();
}

export type StackFrame = { fn: string; file: string; line: number | null; column: number | null };

/** Frames of a V8 ("at fn (file:1:2)") or Firefox/Safari ("fn@file:1:2") stack, top first. */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const raw of stack.slice(0, MAX_STACK_CHARS).split("\n")) {
    const line = raw.trim();
    const v8 = /^at (?:(.+?) \()?(.+?)(?::(\d+))?(?::(\d+))?\)?$/.exec(line);
    const gecko = /^(.*?)@(.+?)(?::(\d+))?(?::(\d+))?$/.exec(line);
    const match = line.startsWith("at ") ? v8 : gecko;
    if (!match) continue;
    frames.push({
      fn: match[1] || "<anonymous>",
      file: match[2]!,
      line: match[3] ? Number(match[3]) : null,
      column: match[4] ? Number(match[4]) : null,
    });
  }
  return frames;
}

/** A frame's file without origin, query string or content hash ("assets/home-AbC123.js" -> "assets/home.js"). */
export function stableFile(file: string): string {
  return file
    .replace(/^[a-z]+:\/\/[^/]+/i, "")
    .replace(/[?#].*$/, "")
    .replace(/-[A-Za-z0-9_-]{8}(\.m?js)$/, "$1");
}

/** The top frame that is not the runtime's own (node:internal, native code). */
export function topFrame(stack: string): string {
  const frame = parseStack(stack).find((f) => !/^(node:|native|<anonymous>$)/.test(f.file));
  return frame ? `${frame.fn} ${stableFile(frame.file)}` : "";
}

/** The issue an event belongs to. */
export function fingerprint(kind: string, type: string, message: string, stack: string): string {
  return [kind, type.slice(0, 100), normalizeMessage(message), topFrame(stack)].join("\n");
}
