import { toCsv } from "~/core/text/csv";
import type { RuleInput } from "./rules";

/**
 * The files rules come in and go out as, pure: a CSV of `from,to,status` (RFC 4180, formula-safe on the
 * way out) and Ghost's redirects.json (`[{from, to, permanent}]`, `from` a regular expression in Ghost:
 * its common literal forms are read, any other pattern is refused with a message for its entry).
 */

/** One line of a file: the rule's fields as given (checked by the schema next), or why it was skipped. */
export type ImportLine = { line: number; fields: { from: unknown; to: unknown; status: unknown } } | { line: number; problem: string };

const CSV_HEADER = ["from", "to", "status"];

export function rulesToCsv(rules: readonly RuleInput[]): string {
  return toCsv(
    CSV_HEADER,
    rules.map((rule) => [rule.from, rule.to, rule.status]),
  );
}

/**
 * RFC 4180 records: quoted fields with "" for a quote, CRLF or LF line ends. One at a time, as asked for:
 * a 1 MB file is read in the import's steps, never in one go on the thread that answers pages.
 */
function* csvRecords(text: string): Generator<{ line: number; cells: string[] }> {
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  /** The record that ended, or null for a blank line. */
  const endRecord = () => {
    cells.push(cell);
    const record = cells.length > 1 || cells[0]!.trim() !== "" ? { line: recordLine, cells } : null;
    cells = [];
    cell = "";
    return record;
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      const record = endRecord();
      line++;
      recordLine = line;
      if (record) yield record;
    } else cell += char;
  }
  const last = cell !== "" || cells.length > 0 ? endRecord() : null;
  if (last) yield last;
}

/** A value our export made formula-safe ('=...) back as it was. */
const unguarded = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** A file's lines, one at a time (an import reads them in steps): a header line, if any, is skipped. */
export function* eachCsvLine(text: string): Generator<ImportLine> {
  let first = true;
  for (const { line, cells } of csvRecords(text)) {
    const header = first && cells[0]?.trim().toLowerCase() === "from" && cells[1]?.trim().toLowerCase() === "to";
    first = false;
    if (header) continue;
    yield cells.length < 2 || cells.length > 3
      ? { line, problem: `Line ${line}: expected from,to,status` }
      : { line, fields: { from: unguarded(cells[0]!.trim()), to: unguarded(cells[1]!.trim()), status: cells[2]?.trim() || "301" } };
  }
}

export const csvLines = (text: string): ImportLine[] => [...eachCsvLine(text)];

/**
 * A Ghost `from` pattern as one of our addresses, or a reason it cannot be: `^/old/$`, `^/old/?$`,
 * `/old/` and `^\/old\/$` are the exact address; a trailing `(.*)` or `.*` makes a prefix, whose `$1`
 * in `to` becomes `*`. Anything else that is a pattern (groups, classes, alternatives, quantifiers) is refused.
 */
export function ghostFrom(pattern: string): { from: string; prefix: boolean } | { problem: string } {
  let from = pattern.trim();
  if (from.startsWith("^")) from = from.slice(1);
  if (from.endsWith("$") && !from.endsWith("\\$")) from = from.slice(0, -1);
  if (from.endsWith("/?")) from = from.slice(0, -2) || "/";
  let prefix = false;
  for (const tail of ["(.*)", ".*", "(.+)", ".+"]) {
    if (from.endsWith(tail)) {
      from = from.slice(0, -tail.length);
      prefix = true;
      break;
    }
  }
  // Escaped characters are themselves.
  const literal = from.replace(/\\([/.\-_~])/g, "$1");
  if (/[\\[\](){}+?*|^$]/.test(literal))
    return { problem: `"${pattern}" is a pattern, not an address: only an address, optionally ending in (.*), can be imported` };
  return { from: prefix ? `${literal}*` : literal, prefix };
}

/** A redirects.json's entries as lines, one at a time (parsed whole first: JSON has no middle to stop in). */
export function* eachGhostLine(text: string): Generator<ImportLine> {
  let entries: unknown;
  try {
    entries = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    yield { line: 0, problem: "The file is not valid JSON" };
    return;
  }
  if (!Array.isArray(entries)) {
    yield { line: 0, problem: "Ghost's redirects.json is a list of {from, to, permanent}" };
    return;
  }
  for (let index = 0; index < entries.length; index++) yield ghostLine(entries[index], index + 1);
}

export const ghostLines = (text: string): ImportLine[] => [...eachGhostLine(text)];

function ghostLine(entry: unknown, line: number): ImportLine {
  if (
    !entry ||
    typeof entry !== "object" ||
    typeof (entry as { from?: unknown }).from !== "string" ||
    typeof (entry as { to?: unknown }).to !== "string"
  ) {
    return { line, problem: `Entry ${line}: expected {from, to, permanent}` };
  }
  const { from: pattern, to, permanent } = entry as { from: string; to: string; permanent?: unknown };
  const read = ghostFrom(pattern);
  if ("problem" in read) return { line, problem: `Entry ${line}: ${read.problem}` };
  let target = to.trim();
  if (read.prefix && /\$1$/.test(target)) target = `${target.slice(0, -2)}*`;
  if (/\$\d/.test(target)) return { line, problem: `Entry ${line}: "${to}" uses a part of the pattern we cannot carry over` };
  return { line, fields: { from: read.from, to: target, status: permanent === true ? 301 : 302 } };
}
