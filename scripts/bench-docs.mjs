// `npm run bench -- --write-docs`: the run's figures as a new section at the top of docs/benchmarks.md's
// runs (newest first), with the date, the machine and the command, so each table says where it came from.
import fs from "node:fs";
import os from "node:os";

export const MARKER = "<!-- bench:runs:";

/** Rows of objects (as console.table prints them) as one Markdown table. */
export function markdownTable(rows) {
  if (!rows.length) return "";
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value) => String(value ?? "").replace(/\|/g, "\\|");
  return [
    `| ${columns.join(" | ")} |`,
    `| ${columns.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${columns.map((c) => cell(row[c])).join(" | ")} |`),
  ].join("\n");
}

/** This machine as a run's heading names it. */
export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** The section for one run; `lines` are the summary lines the bench printed after its tables. */
export function runSection({ date, machine: where, command, tables, lines }) {
  return [
    `## ${date}: ${where} (\`${command}\`)`,
    "",
    ...tables.flatMap(({ title, rows }) => [`${title}:`, "", markdownTable(rows), ""]),
    ...lines.map((line) => `- ${line}`),
    "",
  ].join("\n");
}

/** Inserts `section` just below the marker of `text` (newest first); the marker is added when missing. */
export function insertRun(text, section) {
  const at = text.indexOf(MARKER);
  if (at < 0)
    return `${text.trimEnd()}\n\n${MARKER} newest first; npm run bench -- --write-docs inserts a run below this line -->\n\n${section}`;
  const end = text.indexOf("\n", at) + 1;
  return `${text.slice(0, end)}\n${section}${text.slice(end).replace(/^\n*/, "\n")}`;
}

export function writeRun(file, run) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  fs.writeFileSync(file, insertRun(text, runSection({ date: new Date().toISOString().slice(0, 10), machine: machine(), ...run })));
}
