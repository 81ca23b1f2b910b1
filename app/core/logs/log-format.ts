/**
 * One JSON log line as a person reads it in a terminal: "12:04:31 INFO  server listening port=3000".
 * A request reads "GET /about 200 3 ms"; an error adds its message and the first lines of its stack.
 * Our own few lines rather than pino-pretty: it has 13 direct dependencies, and a service manager gets the JSON
 * anyway (the logger uses this only when stdout is a terminal).
 */
const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const OMIT = new Set(["level", "time", "pid", "hostname", "msg", "req", "res", "responseTime", "err", "reqId"]);

function value(v: unknown): string {
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return typeof v === "string" && /[\s="]/.test(v) ? JSON.stringify(v) : text;
}

export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const time = typeof entry.time === "number" ? new Date(entry.time).toTimeString().slice(0, 8) : "";
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const parts = [time, level];
  if (req && res)
    parts.push(
      `${req.method} ${req.url} ${res.statusCode}${typeof entry.responseTime === "number" ? ` ${Math.round(entry.responseTime)} ms` : ""}`,
    );
  else if (entry.msg !== undefined) parts.push(String(entry.msg));
  for (const [key, v] of Object.entries(entry)) if (!OMIT.has(key) && v !== undefined) parts.push(`${key}=${value(v)}`);
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  const stack = err
    ? `\n    ${(err.stack ?? `${err.type}: ${err.message}`)
        .split("\n")
        .slice(0, 6)
        .map((l) => l.trim())
        .join("\n      ")}`
    : "";
  return `${parts.filter(Boolean).join(" ")}${stack}\n`;
}
