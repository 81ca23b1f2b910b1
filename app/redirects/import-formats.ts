import { toCsv } from "~/core/csv";
import type { RuleInput } from "./rules";

/**
 * The files rules come in and go out as, pure: a CSV of `from,to,status` (RFC 4180, formula-safe on the
 * way out) and Ghost's redirects.json (`[{from, to, permanent}]`, `from` a regular expression in Ghost:
 * its common literal forms are read, any other pattern is refused with a message for its entry).
 */

/** One line of a file: the rule's fields as given (checked by the schema next), or why it was skipped. */
export type ImportLine = { line: number; fields: { from: unknown; to: unknown; status: unknown } } | { line: number; problem: string };

export const CSV_HEADER = ["from", "to", "status"];

export function rulesToCsv(rules: readonly RuleInput[]): string {
  return toCsv(CSV_HEADER, rules.map((rule) => [rule.from, rule.to, rule.status]));
}

/** RFC 4180 records: quoted fields with "" for a quote, CRLF or LF line ends. */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== "") records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
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
      endRecord();
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}

/** A value our export made formula-safe ('=...) back as it was. */
const unguarded = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function csvLines(text: string): ImportLine[] {
  const records = parseCsv(text);
  const first = records[0]?.cells.map((cell) => cell.trim().toLowerCase());
  const body = first && first[0] === "from" && first[1] === "to" ? records.slice(1) : records;
  return body.map(({ line, cells }) =>
    cells.length < 2 || cells.length > 3
      ? { line, problem: `Line ${line}: expected from,to,status` }
      : { line, fields: { from: unguarded(cells[0]!.trim()), to: unguarded(cells[1]!.trim()), status: cells[2]?.trim() || "301" } },
  );
}

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
  if (/[\\[\](){}+?*|^$]/.test(literal)) return { problem: `"${pattern}" is a pattern, not an address: only an address, optionally ending in (.*), can be imported` };
  return { from: prefix ? `${literal}*` : literal, prefix };
}

export function ghostLines(text: string): ImportLine[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return [{ line: 0, problem: "The file is not valid JSON" }];
  }
  if (!Array.isArray(entries)) return [{ line: 0, problem: "Ghost's redirects.json is a list of {from, to, permanent}" }];
  return entries.map((entry, index): ImportLine => {
    const line = index + 1;
    if (!entry || typeof entry !== "object" || typeof (entry as { from?: unknown }).from !== "string" || typeof (entry as { to?: unknown }).to !== "string") {
      return { line, problem: `Entry ${line}: expected {from, to, permanent}` };
    }
    const { from: pattern, to, permanent } = entry as { from: string; to: string; permanent?: unknown };
    const read = ghostFrom(pattern);
    if ("problem" in read) return { line, problem: `Entry ${line}: ${read.problem}` };
    let target = to.trim();
    if (read.prefix && /\$1$/.test(target)) target = `${target.slice(0, -2)}*`;
    if (/\$\d/.test(target)) return { line, problem: `Entry ${line}: "${to}" uses a part of the pattern we cannot carry over` };
    return { line, fields: { from: read.from, to: target, status: permanent === true ? 301 : 302 } };
  });
}
