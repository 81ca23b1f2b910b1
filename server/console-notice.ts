import { writeToConsole } from "~/core/logs/logger.server";

/** Text in a frame of its own, so a link a person must open stands out from the log lines around it. */
function framed(text: string): string {
  const lines = text.split("\n");
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join("\n");
}

/**
 * The last thing the first start prints, after every log line of the start. Not a log entry, so a one-time
 * link never lands in log storage as one.
 */
export function printLast(text: string): void {
  writeToConsole(`\n${framed(text)}\n\n`);
}
